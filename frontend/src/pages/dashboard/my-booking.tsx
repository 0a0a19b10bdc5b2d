import { ComingSoon } from "@/components/coming-soon";

/** /dashboard and /dashboard/mybooking: the signed-in user's bookings. */
export default function MyBooking() {
  return <ComingSoon title="My Booking" description="Your booked laptops with their price and meeting place, and a button to pay for each one." />;
}
