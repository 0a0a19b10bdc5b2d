//go:build unix

package api

import "syscall"

// diskSpace is the bytes an unprivileged user may still write on the file
// system holding path, and its size.
func diskSpace(path string) (free, size uint64, err error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return 0, 0, err
	}
	return uint64(st.Bavail) * uint64(st.Bsize), uint64(st.Blocks) * uint64(st.Bsize), nil
}
