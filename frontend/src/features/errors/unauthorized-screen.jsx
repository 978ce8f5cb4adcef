// Shown when a route needs a right the user lacks (spec 1 §5, last rule).
import { t } from "./text";
import { landingRouteFor } from "../../lib/session";

/** @param {import("../../lib/session").ScreenProps} props */
export default function UnauthorizedScreen({ user }) {
  return (
    <section class="message-page">
      <h1>{t("unauthorizedTitle")}</h1>
      <p>{t("unauthorized")}</p>
      <a class="btn btn-primary" href={`#${landingRouteFor(user)}`}>
        {t("goHome")}
      </a>
    </section>
  );
}
