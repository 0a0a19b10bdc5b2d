// Sample API answers shared by the tests.
import type { Booking } from "@/api/bookings";
import type { Category } from "@/api/categories";
import type { Product } from "@/api/products";
import type { User } from "@/lib/auth";

export const categories: Category[] = [
  { _id: "1", name: "WALTON", image: "/categories/walton.svg" },
  { _id: "2", name: "APPLE", image: "/categories/apple.svg" },
  { _id: "3", name: "HP", image: "/categories/hp.svg" },
  { _id: "4", name: "ASUS", image: "/categories/asus.svg" },
];

export const buyer: User = {
  _id: "42",
  userName: "Rahim Uddin",
  email: "rahim@example.com",
  userPhoto: "/uploads/rahim.jpg",
  role: "Buyer",
  verify: "",
};

export const seller: User = {
  _id: "7",
  userName: "Karim Seller",
  email: "karim@example.com",
  userPhoto: "/uploads/karim.jpg",
  role: "Seller",
  verify: "verify",
};

export const admin: User = {
  _id: "1",
  userName: "Ayesha Admin",
  email: "admin@example.com",
  userPhoto: "",
  role: "Admin",
  verify: "",
};

let next = 100;

/** product builds a product answer; override what the test is about. */
export function product(overrides: Partial<Product> = {}): Product {
  next += 1;
  const picture = overrides.picture ?? "/uploads/abc123.jpg";
  return {
    _id: String(next),
    productName: "HP EliteBook 840 G5",
    picture,
    sellPrice: 45000,
    orginalPrice: 98500,
    category: "HP",
    condition: "good",
    location: "Mirpur 10, Dhaka",
    used: "2",
    number: "01712345678",
    description: "Core i5, 8 GB RAM, 256 GB SSD. Battery holds 4 hours.",
    seller: "Tanvir Hasan",
    sellerEmail: "tanvir@example.com",
    sellerVerify: false,
    time: "3:07 PM",
    date: "11-21-2026",
    available: "available",
    reserved: false,
    advertise: false,
    report: "",
    photos: [picture],
    specs: {},
    priceDroppedFrom: null,
    priceVerdict: null,
    negotiable: false,
    sellerId: "900",
    ...overrides,
  };
}

/**
 * booking builds one of the buyer's bookings, pending and unpaid, of an
 * available product; override what the test is about (product's fields
 * one by one: `product: {...booking().product, deleted: true}`).
 */
export function booking(overrides: Partial<Booking> = {}): Booking {
  const b: Booking = {
    _id: "11",
    productName: "HP EliteBook 840 G5",
    price: 45000,
    meetLocation: "Farmgate, Dhaka",
    paid: false,
    buyerEmail: buyer.email,
    buyerName: buyer.userName,
    ProductId: "101",
    number: "01812345678",
    status: "pending",
    createdAt: "2026-11-22T10:00:00Z",
    product: { _id: "101", productName: "HP EliteBook 840 G5", picture: "/uploads/abc123.jpg", available: "available", reserved: false, deleted: false },
    ...overrides,
  };
  if (!overrides.product) b.product = { ...b.product, _id: b.ProductId, productName: b.productName };
  return b;
}
