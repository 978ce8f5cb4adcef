// Shown when a route needs a right the user lacks (spec 1 §5, last rule).
import { landingRouteFor } from "../../lib/session";

/** @param {import("../../lib/session").ScreenProps} props */
export default function UnauthorizedScreen({ user }) {
  return (
    <section class="message-page">
      <h1>Unauthorized</h1>
      <p>You do not have permission to open this page.</p>
      <a class="btn btn-primary" href={`#${landingRouteFor(user)}`}>
        Go to my home page
      </a>
    </section>
  );
}
