package api

// Keeping says whether the server keeps the catalogue's answers now (it
// hears the database's change notices), for tests that need kept answers.
func (s *Server) Keeping() bool {
	s.catalogue.mu.RLock()
	defer s.catalogue.mu.RUnlock()
	return s.catalogue.live
}
