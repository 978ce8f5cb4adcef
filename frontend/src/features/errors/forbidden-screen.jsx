// 403 Forbidden.
import { landingRouteFor } from "../../lib/session";

/** @param {import("../../lib/session").ScreenProps} props */
export default function ForbiddenScreen({ user }) {
  return (
    <section class="message-page">
      <h1>403 Forbidden</h1>
      <p>Access to this resource is forbidden.</p>
      <a class="btn btn-primary" href={`#${landingRouteFor(user)}`}>
        Go to my home page
      </a>
    </section>
  );
}
