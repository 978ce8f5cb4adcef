// Home: the dashboard picture (spec 1 §2), drawn from today's live figures of GET /users/home:
// visits and their verified share, orders and their value, deliveries waiting for approval,
// blocked users, today's uploads with rejected rows and agents with no visit yet; each tile leads
// to the screen that lists them and shows the same figure (an upload's rejected rows are listed
// on the screen that takes the fixed file). Checks the session on arrival; a forced password change goes to the
// login screen, which shows the change screen.
import { t } from "./text";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { RIGHT } from "../../lib/rights";
import { hasRight } from "../../lib/session";
import { refreshSession } from "../../lib/session-check";
import { formatDate, money, number, percent } from "../../lib/format";
import { AGENT } from "../../lib/rights";
import { Loading, PageHeader } from "../../lib/ui";
import { useApi } from "../../lib/use-api";
import { homeFigures } from "./api";

/** @typedef {import("../../../types/api").components["schemas"]["Home"]} Home */
/** @typedef {import("../../lib/session").SessionUser} SessionUser */

/** The upload screen of each upload kind (the server's kind names), in the menu's order, with the
 * right that screen needs (as the route table says; a feature does not read app/). */
/** @type {Record<string, [string, string]>} */
const UPLOAD_ROUTES = {
  customer: ["/master/customer-master-upload", RIGHT.CUSTOMER_MASTER],
  customerdelete: ["/master/customer-master-upload/true", RIGHT.CUSTOMER_MASTER],
  product: ["/master/product-master-upload", RIGHT.PRODUCT_MASTER],
  order: ["/master/order-upload", RIGHT.PRODUCT_MASTER],
  distributor: ["/master/distributor-master-upload", RIGHT.DISTRIBUTOR_MASTER],
  scorecard: ["/master/scorecard-master-upload", RIGHT.SCORECARD_MASTER],
  delivery: ["/master/delivery-master-upload", RIGHT.DELIVERY_UPLOAD_MASTER],
  subinfo: ["/master/subinfo-master-add", RIGHT.INFOTYPE_MASTER],
  beat: ["/master/beat-upload", RIGHT.BEAT_MASTER],
};

/** Where the uploads tile leads: the screen of the latest upload with errors (to upload it again
 * fixed), else the first upload screen the caller may open.
 * @param {Home} h
 * @param {SessionUser} user
 */
function uploadRoute(h, user) {
  const latest = h.latestUploadWithErrors ? UPLOAD_ROUTES[h.latestUploadWithErrors] : undefined;
  if (latest) return latest[0];
  return Object.values(UPLOAD_ROUTES).find(([, right]) => hasRight(user, right))?.[0];
}

/** @typedef {[label: string, value: number, note: string, route: string | undefined, share?: number]} Tile */

/**
 * The tiles of the picture: [label, value, note, route, share]; a figure the caller may not see is left out.
 * @param {Home} h
 * @param {SessionUser} user
 * @returns {Tile[]}
 */
function tiles(h, user) {
  /** @type {(Tile | false)[]} */
  const all = [
    [
      t("visitsToday"),
      h.visits,
      t("verifiedShare", { verified: number(h.verified), percent: percent(h.verifiedPercentage) }),
      "/visit/summary",
      h.verifiedPercentage,
    ],
    [t("ordersToday"), h.orders, t("orderValue", { value: money(h.orderValue) }), "/customer/orders"],
    h.pendingApprovals != null && [t("pendingApprovals"), h.pendingApprovals, t("waitingDecision"), "/customer/delivery/approve"],
    h.blockedUsers != null && [t("blockedUsers"), h.blockedUsers, t("blockedNote"), "/user/unblock-user"],
    h.uploadsWithErrors != null && [t("uploadsWithErrors"), h.uploadsWithErrors, t("uploadsNote"), uploadRoute(h, user)],
    // A team's figure: not on an agent's own Home ("... of 1 agents", issue #55), nor for a
    // user with no agents ("0 of 0 agents", a back-office user).
    Number(user.userType) !== AGENT &&
      h.agents > 0 && [t("agentsNotStarted"), h.agentsNotStarted, t("agentsNote", { agents: h.agents }), "/today"],
  ];
  return all.filter((tile) => tile !== false);
}

/** @param {import("../../lib/session").ScreenProps} props */
export default function HomeScreen({ user }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    refreshSession()
      .then((user) => {
        if (user && user.forcePasswordUpdate) navigate("/login");
      })
      .catch(() => {});
  }, [navigate]);
  const { data, loading } = useApi(homeFigures);
  return (
    <section>
      <PageHeader title={t("home")} />
      {loading || !data ? (
        <Loading />
      ) : (
        <figure class="dashboard" aria-label={t("dashboard")} data-testid="home-dashboard">
          <figcaption class="tiles-heading">{t("todayDate", { date: formatDate(data.date) })}</figcaption>
          <div class="tiles">
            {tiles(data, user).map(([label, value, note, route, share]) => (
              <a key={label} class="tile" href={`#${route}`}>
                <span class="tile-label">{label}</span>
                <strong class="tile-value">{number(value)}</strong>
                <span class="tile-note">{note}</span>
                {share != null && (
                  <span class="share-bar" aria-hidden="true">
                    <span style={{ width: `${share}%` }} />
                  </span>
                )}
              </a>
            ))}
          </div>
        </figure>
      )}
    </section>
  );
}
