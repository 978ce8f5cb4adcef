// Home: the dashboard picture (spec 1 §2), drawn from today's live figures of GET /users/home:
// visits and their verified share, orders and their value, deliveries waiting for approval,
// blocked users and agents with no visit yet; each tile leads to the screen that lists them and
// shows the same figure. Checks the session on arrival; a forced password change goes to the
// login screen, which shows the change screen.
import { useEffect } from "react";
import { useLocation } from "wouter";
import { refreshSession } from "../../lib/session-check";
import { money } from "../../lib/money";
import { Loading, PageHeader } from "../../lib/ui";
import { useApi } from "../../lib/use-api";

/** The tiles of the picture: [label, value, note, route, share]; a figure the caller may not see is null. */
function tiles(h) {
  return [
    [
      "Visits today",
      h.visits,
      `${h.verified} verified at the shop (${h.verifiedPercentage}%)`,
      "/visit/summary",
      h.verifiedPercentage,
    ],
    ["Orders today", h.orders, `Value ${money(h.orderValue)}`, "/customer/orders"],
    h.pendingApprovals != null && [
      "Deliveries pending approval",
      h.pendingApprovals,
      "Waiting for Approve or Reject",
      "/customer/delivery/approve",
    ],
    h.blockedUsers != null && ["Blocked users", h.blockedUsers, "Blocked or locked by wrong passwords", "/user/unblock-user"],
    ["Agents not started", h.agentsNotStarted, `of ${h.agents} agents have no visit today`, "/today"],
  ].filter(Boolean);
}

export default function HomeScreen() {
  const [, navigate] = useLocation();
  useEffect(() => {
    refreshSession()
      .then((user) => {
        if (user && user.forcePasswordUpdate) navigate("/login");
      })
      .catch(() => {});
  }, [navigate]);
  const { data, loading } = useApi("/users/home");
  return (
    <section>
      <PageHeader title="Home" />
      {loading || !data ? (
        <Loading />
      ) : (
        <figure class="dashboard" aria-label="Dashboard" data-testid="home-dashboard">
          <figcaption class="tiles-heading">Today, {data.date}</figcaption>
          <div class="tiles">
            {tiles(data).map(([label, value, note, route, share]) => (
              <a key={label} class="tile" href={`#${route}`}>
                <span class="tile-label">{label}</span>
                <strong class="tile-value">{value}</strong>
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
