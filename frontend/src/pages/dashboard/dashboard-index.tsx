import { Navigate } from "react-router-dom";
import { useAuth } from "@/lib/auth";
import MyBooking from "@/pages/dashboard/my-booking";

/**
 * /dashboard: an admin lands on the Overview, the first entry of their
 * menu (what the shop did today); everyone else on My Booking, as before.
 */
export default function DashboardIndex() {
  const { user } = useAuth();
  if (user?.role === "Admin") return <Navigate to="/dashboard/overview" replace />;
  return <MyBooking />;
}
