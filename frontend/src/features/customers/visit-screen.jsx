// Customer Visit (spec 1 §2): search, the customer's details with a map link (customer-details.jsx),
// the visit form (visit-form.jsx), Must Sell / Best Sellers / Price Comparison tabs
// (product-tabs.jsx), the last 5 interactions (visit-interactions.jsx) and the links
// (customer-links.jsx), the profile and info buttons (visit-actions.jsx); all below the form come
// with visit-panels.jsx, a chunk of its own.
// Agents also work offline: the search, the details (as last seen) and the outcomes come from the
// phone when the network does not answer, and a visit saved then waits in the phone's queue
// (lib/offline/) and shows at the top of the interactions as "Waiting to sync". Order takers see
// the customer's orders (customer-orders.jsx) and "Take order" (the order screen, features/orders).
// Collectors and their managers see what the customer owes (lib/outstanding-panel.jsx), collectors
// "Collect payment" (the collect screen, features/collections).
// Agents with visit_photo take up to 8 photos with the visit, or add them to the visit just saved
// (lib/photos: each its own queue entry, sent after its visit); photo reviewers see the customer's
// visit photos below the interactions.
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { formatDateTime } from "../../lib/format";
import { customerSuggestions, useCustomerScreen, useOutcomes } from "../../lib/resources";
import { RIGHT } from "../../lib/rights";
import { hasRight } from "../../lib/session";
import { SuggestBox } from "../../lib/suggest";
import { t as tlib } from "../../lib/text";
import { Empty, Loading, PageHeader } from "../../lib/ui";
import { CustomerDetails } from "./customer-details";
import { useQueuedVisits } from "./visit-interactions";
import { VisitForm } from "./visit-form";
import { t } from "./visit-text";

/** @typedef {import("../../../types/api").components["schemas"]["SessionBody"]} User */

// The panels below the form load apart (visit-panels.jsx): the details and the form wait for none
// of their code.
const VisitPanels = lazy(() => import("./visit-panels"));

/** @param {{ params?: { buyerId?: string }, user: User }} props */
export default function VisitScreen({ params, user }) {
  const [, navigate] = useLocation();
  const buyerId = params && params.buyerId ? decodeURIComponent(params.buyerId) : null;
  // Started already when the route was entered (lib/prefetch.js), while this code loaded.
  const { data: screen, loading, reload: load } = useCustomerScreen(user, buyerId);
  const outcomes = useOutcomes(user, buyerId);
  // A visit of this customer left the queue (sent): the server's list now has it.
  const queued = useQueuedVisits(user, buyerId, () => navigator.onLine && load());
  // The visit just saved (or queued) here: a return's photo goes with it.
  const [visitClientId, setVisitClientId] = useState(/** @type {string | null} */ (null));
  // The details and the form show first, the panels below them from the next render on: on a slow
  // phone the agent can start the visit before all of them are built.
  const [panels, setPanels] = useState(false);
  useEffect(() => {
    if (screen && !loading) setPanels(true);
  }, [screen, loading]);
  return (
    <section>
      <PageHeader title={t("title")}>
        {hasRight(user, RIGHT.NEW_CUSTOMER) && (
          <a class="btn" href="#/customer/new">
            {t("addCustomer")}
          </a>
        )}
      </PageHeader>
      <SuggestBox
        id="customerSearch"
        label={t("searchCustomer")}
        placeholder={t("searchPlaceholder")}
        fetchItems={customerSuggestions(user)}
        buttonText={tlib("search")}
        labelOf={(s) => s.display}
        onPick={(s) => navigate(`/customer/visit/${encodeURIComponent(s.buyerId)}`)}
        noMatch={(q) => t("noMatch", { query: q })}
      />
      {!buyerId && <Empty text={t("searchHint")} />}
      {loading && <Loading />}
      {screen && !loading && (
        <div class="visit-layout">
          {(screen.seenAt || screen.fromCopy) && (
            <p class="offline-note" role="status" data-testid="offline-details">
              {screen.fromCopy ? t("offlineFromCopy") : t("offlineSeenAt", { when: formatDateTime(screen.seenAt) })}
            </p>
          )}
          <CustomerDetails c={screen.customerDetails} />
          <VisitForm
            key={screen.customerDetails.buyerID}
            buyerId={screen.customerDetails.buyerID}
            buyerName={screen.customerDetails.buyerName}
            user={user}
            outcomes={outcomes}
            onSaved={(r) => {
              setVisitClientId(r.clientId || null);
              if (!r.queued) load();
            }}
          />
          {panels && (
            <Suspense fallback={null}>
              <VisitPanels screen={screen} buyerId={buyerId} user={user} queued={queued} visitClientId={visitClientId} />
            </Suspense>
          )}
        </div>
      )}
    </section>
  );
}
