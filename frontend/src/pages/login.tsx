import { Link } from "react-router-dom";
import { ComingSoon } from "@/components/coming-soon";

/** /login: email and password or Google sign-in. */
export default function Login() {
  return (
    <ComingSoon title="Log In" description="Sign in with your email and password, or continue with Google.">
      <p className="text-sm">
        New to Resale?{" "}
        <Link to="/signup" className="link link-primary">
          Create an account
        </Link>
      </p>
    </ComingSoon>
  );
}
