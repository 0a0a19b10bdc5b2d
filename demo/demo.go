// Package demo fills an empty shop with a living catalogue: sellers
// (verified and not), a buyer, and about fifty-five laptops across the four
// brands of the first migration and four more it adds (Lenovo, Dell, Acer
// and MSI, as an admin would), with photos drawn here, some advertised and
// some sold, posted over the past weeks. `resale seed --demo` runs it.
package demo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"image/color"
	"strings"
	"time"

	"resale/media"
	"resale/store"
)

// Password of every demo account but the admin, so a newcomer can sign in
// as any of them.
const Password = "resale-demo"

// AdminEmail is the demo's admin. Its password is not Password but made
// at random by each seed and printed once: an admin can hide, warn,
// suspend and delete, which no one should be able to do on a shop that
// was seeded by mistake with a password everyone can read.
const AdminEmail = "admin@demo.resale"

// Products is how many laptops the demo shop has.
func Products() int { return len(models) }

type person struct {
	name, email, role string
	verified          bool
	color             color.RGBA
}

var people = []person{
	{"Rahim Computers", "rahim.computers@demo.resale", store.RoleSeller, true, color.RGBA{13, 148, 136, 255}},
	{"Laptop Bazar Uttara", "laptopbazar@demo.resale", store.RoleSeller, true, color.RGBA{37, 99, 235, 255}},
	{"Nusrat Jahan", "nusrat@demo.resale", store.RoleSeller, false, color.RGBA{219, 39, 119, 255}},
	{"Tanvir Hasan", "tanvir@demo.resale", store.RoleSeller, false, color.RGBA{234, 88, 12, 255}},
	{"CTG Tech Hub", "ctgtech@demo.resale", store.RoleSeller, true, color.RGBA{79, 70, 229, 255}},
	{"Demo Buyer", "buyer@demo.resale", store.RoleBuyer, false, color.RGBA{22, 163, 74, 255}},
	{"Demo Admin", AdminEmail, store.RoleAdmin, false, color.RGBA{71, 85, 105, 255}},
}

type model struct {
	brand, name   string
	sell, orig    int64
	used, details string
}

var models = []model{
	{"WALTON", "Walton Tamarind EX510 Core i5 10th Gen", 38500, 62000, "2", "8 GB RAM, 512 GB SSD, 15.6 inch Full HD. Battery gives about 4 hours."},
	{"WALTON", "Walton Passion BX3800 Celeron", 17500, 32000, "3", "4 GB RAM, 256 GB SSD. Good for office work and classes."},
	{"WALTON", "Walton Karonda WKT14 Core i3", 24000, 41000, "1.5", "8 GB RAM, 256 GB SSD, 14 inch. Light and quiet."},
	{"WALTON", "Walton Prelude N41 Core i7 11th Gen", 52000, 85000, "1", "16 GB RAM, 1 TB SSD, backlit keyboard, with box and charger."},
	{"WALTON", "Walton Tamarind ZX7 Ryzen 5", 41000, 66000, "2", "Ryzen 5 5500U, 8 GB RAM, 512 GB SSD."},
	{"WALTON", "Walton Passion BX5800 Pentium Silver", 19500, 35000, "2.5", "Small scratches on the lid, screen is perfect."},
	{"WALTON", "Walton Karonda KX1 Core i5 12th Gen", 47500, 72000, "1", "Still under warranty for five months."},
	{"WALTON", "Walton Prelude Pro 16 GB Ryzen 7", 58000, 92000, "0.5", "Like new, used for one semester."},
	{"APPLE", "MacBook Air M1 2020 8/256", 78000, 125000, "2", "Battery health 88%, cycle count 310. Space grey."},
	{"APPLE", "MacBook Air M2 2022 Midnight 8/512", 118000, 175000, "1", "Battery health 96%, with original box and charger."},
	{"APPLE", "MacBook Pro 13 2019 Core i5 Touch Bar", 72000, 160000, "4", "16 GB RAM, 256 GB SSD. Keyboard recently serviced."},
	{"APPLE", "MacBook Pro 14 M1 Pro 16/512", 175000, 260000, "2", "Liquid Retina XDR display, no dead pixels, battery 91%."},
	{"APPLE", "MacBook Air 2017 Core i5 8/128", 38000, 95000, "6", "Works well for browsing and documents. New battery fitted."},
	{"APPLE", "MacBook Pro 16 2019 Core i7", 135000, 280000, "3", "16 GB RAM, 512 GB SSD, Radeon Pro 5300M."},
	{"APPLE", "MacBook Air M1 Gold 8/512", 89000, 140000, "1.5", "Gold colour, always used with a case and screen guard."},
	{"APPLE", "MacBook Pro 13 M2 8/256", 125000, 170000, "1", "AppleCare ended, everything original."},
	{"HP", "HP EliteBook 840 G5 Core i5 8th Gen", 32000, 95000, "3", "8 GB RAM, 256 GB SSD, 14 inch Full HD. Business class build."},
	{"HP", "HP ProBook 450 G7 Core i5 10th Gen", 39500, 78000, "2", "16 GB RAM upgraded, 512 GB SSD, fingerprint reader."},
	{"HP", "HP Pavilion 15 Ryzen 5 5500U", 44000, 68000, "1.5", "8 GB RAM, 512 GB SSD, Full HD IPS. Bang & Olufsen speakers."},
	{"HP", "HP Victus 16 RTX 3050 Core i5 11th Gen", 76000, 115000, "1", "Gaming laptop, 144 Hz screen, 16 GB RAM, never overclocked."},
	{"HP", "HP Envy x360 13 Ryzen 7", 68000, 110000, "2", "Touch screen, folds into a tablet, pen included."},
	{"HP", "HP 250 G8 Core i3 10th Gen", 26500, 48000, "2", "Simple office laptop with a new 256 GB SSD."},
	{"HP", "HP Spectre x360 14 Core i7 OLED", 112000, 185000, "1", "3K OLED screen, 16 GB RAM, 1 TB SSD, premium condition."},
	{"HP", "HP EliteBook 830 G6 Core i7", 41000, 110000, "3", "13.3 inch, light and strong, 16 GB RAM."},
	{"HP", "HP Omen 15 RTX 2060", 82000, 150000, "3", "Cooling pad included, repasted last month."},
	{"HP", "HP ProBook 440 G8 Core i5 11th Gen", 46000, 82000, "1.5", "Backlit keyboard, 8 GB RAM, 512 GB SSD."},
	{"ASUS", "ASUS VivoBook 15 X515 Core i3 11th Gen", 29500, 52000, "1.5", "8 GB RAM, 256 GB SSD, Full HD. Perfect for students."},
	{"ASUS", "ASUS ZenBook 14 UX425 Core i5", 62000, 105000, "2", "Thin and light, 8 GB RAM, 512 GB SSD, NumberPad."},
	{"ASUS", "ASUS TUF Gaming F15 RTX 3050", 72000, 108000, "1", "Core i5 11400H, 16 GB RAM, 144 Hz. Box available."},
	{"ASUS", "ASUS ROG Strix G15 RTX 3060 Ryzen 7", 115000, 175000, "1.5", "RGB keyboard, 300 Hz screen, one battery cycle a day."},
	{"ASUS", "ASUS ExpertBook B1 Core i5 10th Gen", 36000, 70000, "2.5", "Business laptop, spill resistant keyboard."},
	{"ASUS", "ASUS VivoBook Pro 14 OLED Ryzen 5", 64000, 95000, "1", "2.8K OLED 90 Hz, 16 GB RAM, 512 GB SSD."},
	{"ASUS", "ASUS X543 Celeron N4000", 15500, 30000, "4", "Budget laptop, new charger, small dent on a corner."},
	{"ASUS", "ASUS ZenBook Duo 14 Core i7", 98000, 150000, "1.5", "Two screens, stylus and sleeve included."},
	{"ASUS", "ASUS TUF Dash F15 RTX 3070", 118000, 185000, "1", "Core i7 12650H, 16 GB RAM, 1 TB SSD."},
	{"ASUS", "ASUS VivoBook Go 14 Ryzen 3", 27000, 45000, "0.5", "Bought in March, still has warranty card."},
	{"WALTON", "Walton Tamarind EX410 Core i5 8th Gen", 27500, 55000, "4", "Replaced keyboard, new 240 GB SSD."},
	{"APPLE", "MacBook Air M3 13 inch 16/512", 148000, 195000, "0.5", "Starlight, 40 battery cycles, under Apple warranty."},
	{"HP", "HP Chromebook 14 G7", 14500, 28000, "2", "Perfect for children's online classes."},
	{"ASUS", "ASUS ROG Zephyrus G14 RTX 4060", 165000, 230000, "1", "Ryzen 9, 16 GB RAM, 1 TB SSD, AniMe Matrix lid."},
	{"Lenovo", "Lenovo ThinkPad T480 Core i5 8th Gen", 34000, 98000, "3", "16 GB RAM, 512 GB SSD, both batteries hold well. The famous keyboard."},
	{"Lenovo", "Lenovo IdeaPad Slim 3 Ryzen 5 5500U", 42000, 64000, "1", "8 GB RAM, 512 GB SSD, 15.6 inch Full HD. Box and bill available."},
	{"Lenovo", "Lenovo Legion 5 RTX 3060 Ryzen 7", 108000, 165000, "1.5", "165 Hz screen, 16 GB RAM, 1 TB SSD. Never used for mining."},
	{"Lenovo", "Lenovo ThinkBook 14 G2 Core i3 11th Gen", 31000, 55000, "2", "Aluminium lid, fingerprint reader, new 8 GB RAM stick."},
	{"Dell", "Dell Latitude 7490 Core i7 8th Gen", 39000, 115000, "3", "16 GB RAM, 256 GB SSD, 14 inch Full HD. Office used, no scratches."},
	{"Dell", "Dell Inspiron 15 3511 Core i5 11th Gen", 45000, 68000, "1", "8 GB RAM, 512 GB SSD, still under warranty for four months."},
	{"Dell", "Dell XPS 13 9310 Core i7", 98000, 175000, "2", "16 GB RAM, 512 GB SSD, 4K touch screen, charger and sleeve."},
	{"Dell", "Dell Vostro 3400 Core i3", 26000, 46000, "2.5", "Simple and reliable, battery gives three hours."},
	{"Acer", "Acer Aspire 5 A515 Core i5 10th Gen", 36000, 60000, "2", "8 GB RAM, 512 GB SSD, backlit keyboard."},
	{"Acer", "Acer Nitro 5 GTX 1650 Core i5", 58000, 92000, "2", "Gaming laptop, 144 Hz, new thermal paste, cooling pad included."},
	{"Acer", "Acer Swift 3 Ryzen 7 4700U", 49000, 78000, "1.5", "Light at 1.2 kg, 16 GB RAM, 512 GB SSD."},
	{"Acer", "Acer Extensa 15 Celeron N4500", 18000, 33000, "1", "Good for classes and browsing, small mark on the lid."},
	{"MSI", "MSI GF63 Thin RTX 3050 Core i5", 64000, 95000, "1", "Core i5 11400H, 16 GB RAM, 512 GB SSD, red backlight."},
	{"MSI", "MSI Modern 14 Core i5 11th Gen", 41000, 66000, "2", "Slim, 8 GB RAM, 512 GB SSD, USB-C charging."},
	{"MSI", "MSI Katana 15 RTX 4060 Core i7", 132000, 178000, "0.5", "Bought four months ago, all stickers and the box."},
	{"MSI", "MSI Prestige 14 Evo Core i7", 88000, 140000, "1.5", "Creator laptop, 100% sRGB screen, 16 GB RAM, 1 TB SSD."},
}

// brands are the categories the demo adds to the first migration's four,
// each with its tile of frontend/public/categories.
var brands = []struct{ name, image string }{
	{"Lenovo", "/categories/lenovo.svg"},
	{"Dell", "/categories/dell.svg"},
	{"Acer", "/categories/acer.svg"},
	{"MSI", "/categories/msi.svg"},
}

var locations = []string{
	"Mirpur 10, Dhaka", "Dhanmondi 27, Dhaka", "Uttara Sector 7, Dhaka", "Gulshan 1, Dhaka", "Agrabad, Chattogram",
	"Zindabazar, Sylhet", "Shaheb Bazar, Rajshahi", "Sonadanga, Khulna", "Bashundhara R/A, Dhaka", "Motijheel, Dhaka",
}

var conditions = []string{"excellent", "good", "good", "fair", "excellent"}

var bodies = []color.RGBA{
	{192, 196, 204, 255}, // silver
	{84, 88, 96, 255},    // space grey
	{34, 36, 42, 255},    // black
	{46, 64, 102, 255},   // midnight blue
	{214, 196, 170, 255}, // gold
}

var accents = map[string]color.RGBA{
	"WALTON": {220, 38, 38, 255},
	"APPLE":  {99, 102, 241, 255},
	"HP":     {2, 132, 199, 255},
	"ASUS":   {13, 148, 136, 255},
	"Lenovo": {226, 35, 26, 255},
	"Dell":   {0, 125, 184, 255},
	"Acer":   {101, 163, 13, 255},
	"MSI":    {185, 28, 28, 255},
}

// Summary says what Seed made.
type Summary struct {
	Users, Products, Advertised, Sold, Bookings, Expiring int
	// AdminPassword is the password of AdminEmail, made by this seed.
	AdminPassword string
}

// ErrSeeded means the demo data is already there.
var ErrSeeded = errors.New("the demo data is already in this database")

// Seed makes the demo shop. hashPassword hashes the demo password once
// for every account. now is the time the products are posted before.
func Seed(ctx context.Context, st *store.Store, uploads media.Storage, hashPassword func(string) (string, error), now time.Time) (Summary, error) {
	s := &seeder{st: st, uploads: uploads, now: now}
	if _, err := st.GetUserByEmail(ctx, people[0].email); err == nil {
		return s.sum, ErrSeeded
	} else if !errors.Is(err, store.ErrNotFound) {
		return s.sum, err
	}
	hash, err := hashPassword(Password)
	if err != nil {
		return s.sum, err
	}
	random := make([]byte, 10)
	if _, err := rand.Read(random); err != nil {
		return s.sum, err
	}
	s.sum.AdminPassword = hex.EncodeToString(random)
	adminHash, err := hashPassword(s.sum.AdminPassword)
	if err != nil {
		return s.sum, err
	}
	sellers, buyer, err := s.people(ctx, hash, adminHash)
	if err != nil {
		return s.sum, err
	}
	toBook, err := s.products(ctx, sellers)
	if err != nil {
		return s.sum, err
	}
	// the demo buyer booked two of the first seller's laptops, and the
	// seller accepted the first: Leads and My Booking have something to show
	for i, id := range toBook {
		b, err := st.CreateBooking(ctx, store.NewBooking{ProductID: id, Buyer: buyer, Phone: "01712345678", MeetLocation: locations[i%len(locations)]})
		if err != nil {
			return s.sum, fmt.Errorf("demo: booking: %w", err)
		}
		if i == 0 {
			if _, err := st.AcceptBooking(ctx, b.ID, sellers[0].ID); err != nil {
				return s.sum, fmt.Errorf("demo: accepting a booking: %w", err)
			}
		}
		s.sum.Bookings++
	}
	return s.sum, nil
}

// seeder is one run of Seed: where it saves, and what it has made so far.
type seeder struct {
	st      *store.Store
	uploads media.Storage
	now     time.Time
	sum     Summary
}

// save stores a drawn photo as an upload would, owned by owner (0: a
// profile photo, before its user exists), and returns its URL.
func (s *seeder) save(ctx context.Context, jpg []byte, owner int64) (string, error) {
	photo, err := media.NewProcessor(1).Process(ctx, jpg)
	if err != nil {
		return "", err
	}
	if err := s.uploads.Put(ctx, photo.Key, photo.Data); err != nil {
		return "", err
	}
	_, err = s.st.CreateImage(ctx, store.NewImage{Key: photo.Key, ContentType: media.ContentType, Width: photo.Width, Height: photo.Height, SizeBytes: int64(len(photo.Data)), UploaderID: owner})
	return "/uploads/" + photo.Key, err
}

// people makes the demo's accounts, each with a portrait, the admin with
// its own password, and returns the sellers and the buyer.
func (s *seeder) people(ctx context.Context, hash, adminHash string) (sellers []store.User, buyer store.User, err error) {
	for i, p := range people {
		avatar, err := s.save(ctx, portrait(p.color, i), 0)
		if err != nil {
			return nil, buyer, err
		}
		pw := hash
		if p.role == store.RoleAdmin {
			pw = adminHash
		}
		u, err := s.st.CreateUser(ctx, store.NewUser{Name: p.name, Email: p.email, PhotoURL: avatar, PasswordHash: pw, Role: p.role})
		if err != nil {
			return nil, buyer, fmt.Errorf("demo: %s: %w", p.email, err)
		}
		if p.verified {
			if _, err := s.st.VerifySeller(ctx, p.email, store.NoAdmin); err != nil {
				return nil, buyer, err
			}
		}
		switch p.role {
		case store.RoleSeller:
			sellers = append(sellers, u)
		case store.RoleBuyer:
			buyer = u
		}
		s.sum.Users++
	}
	return sellers, buyer, nil
}

// products lists every model, each with a drawn photo, in turn by each
// seller, and returns the first two unsold of the first seller's, for the
// demo buyer to book.
func (s *seeder) products(ctx context.Context, sellers []store.User) (toBook []int64, err error) {
	catID, err := demoCategories(ctx, s.st)
	if err != nil {
		return nil, err
	}
	for i, m := range models {
		seller := sellers[i%len(sellers)]
		pic, err := s.save(ctx, picture(bodies[(i*3)%len(bodies)], accents[m.brand], i), seller.ID)
		if err != nil {
			return nil, err
		}
		p := s.listing(i, m, seller.ID, seller.ID == sellers[0].ID, catID[m.brand], pic)
		id, err := s.st.InsertSeedProduct(ctx, p)
		if err != nil {
			return nil, fmt.Errorf("demo: %s: %w", m.name, err)
		}
		s.sum.Products++
		if seller.ID == sellers[0].ID && p.SoldAt == nil && len(toBook) < 2 {
			toBook = append(toBook, id)
		}
	}
	return toBook, nil
}

// listing is the i-th model as its seller posted it, some hours or days
// ago: every fifth advertised, every seventh sold, and two of the first
// seller's near their end.
func (s *seeder) listing(i int, m model, sellerID int64, firstSeller bool, categoryID int64, pic string) store.SeedProduct {
	posted := s.now.Add(-time.Duration(3+i*17%(24*21)) * time.Hour).Add(-time.Duration(i*7%60) * time.Minute)
	p := store.SeedProduct{
		NewProduct: store.NewProduct{
			SellerID: sellerID, CategoryID: categoryID, Name: m.name, Picture: pic,
			SellPrice: m.sell, OriginalPrice: m.orig, Condition: conditions[i%len(conditions)],
			Location: locations[i%len(locations)], Used: m.used,
			Phone: fmt.Sprintf("01%d%08d", 3+i%7, 10000000+i*7919%89999999), Description: m.details,
			Specs: specsOf(m, i),
		},
		CreatedAt: posted,
	}
	if i%5 == 1 {
		at := posted.Add(2 * time.Hour)
		p.AdvertisedAt = &at
		s.sum.Advertised++
	}
	if i%7 == 3 {
		at := posted.Add(48 * time.Hour)
		p.SoldAt = &at
		s.sum.Sold++
	}
	// two of the first seller's listings are near their end: one ends
	// in two days (its seller is told) and one has ended (My Products
	// marks it Expired, with Renew)
	if firstSeller && p.SoldAt == nil && p.AdvertisedAt == nil && i >= 20 && s.sum.Expiring < 2 {
		at := s.now.Add(-time.Hour)
		if s.sum.Expiring == 0 {
			at = s.now.Add(50 * time.Hour)
		}
		p.ExpiresAt = &at
		s.sum.Expiring++
	}
	return p
}

// demoCategories adds the demo's brands an admin has not added already
// and answers every category's id by name.
func demoCategories(ctx context.Context, st *store.Store) (map[string]int64, error) {
	cats, err := st.ListCategories(ctx)
	if err != nil {
		return nil, err
	}
	catID := map[string]int64{}
	for _, c := range cats {
		catID[c.Name] = c.ID
	}
	for _, b := range brands {
		if _, ok := catID[b.name]; ok {
			continue
		}
		c, err := st.CreateCategory(ctx, b.name, b.image, store.NoAdmin)
		if errors.Is(err, store.ErrConflict) { // there in another case ("DELL"): that one serves
			c, err = existingCategory(ctx, st, b.name)
		}
		if err != nil {
			return nil, fmt.Errorf("demo: category %s: %w", b.name, err)
		}
		catID[b.name] = c.ID
	}
	return catID, nil
}

// existingCategory is the category whose name is name in another case.
func existingCategory(ctx context.Context, st *store.Store, name string) (store.Category, error) {
	cats, err := st.ListCategories(ctx)
	if err != nil {
		return store.Category{}, err
	}
	for _, c := range cats {
		if strings.EqualFold(c.Name, name) {
			return c, nil
		}
	}
	return store.Category{}, store.ErrNotFound
}
