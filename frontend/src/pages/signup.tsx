import { Link } from "react-router-dom";
import { ComingSoon } from "@/components/coming-soon";

/** /signup: create a Buyer or Seller account with a photo. */
export default function Signup() {
  return (
    <ComingSoon title="Sign Up" description="Create a buyer or seller account with your name, photo, email and password.">
      <p className="text-sm">
        Already have an account?{" "}
        <Link to="/login" className="link link-primary">
          Log in
        </Link>
      </p>
    </ComingSoon>
  );
}
