// 403 Forbidden.
import { t } from "./text";
import { landingRouteFor } from "../../lib/session";

/** @param {import("../../lib/session").ScreenProps} props */
export default function ForbiddenScreen({ user }) {
  return (
    <section class="message-page">
      <h1>{t("forbiddenTitle")}</h1>
      <p>{t("forbidden")}</p>
      <a class="btn btn-primary" href={`#${landingRouteFor(user)}`}>
        {t("goHome")}
      </a>
    </section>
  );
}
