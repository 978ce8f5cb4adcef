// The visit screen's panels below the form (visit-screen.jsx): the shelf count and returns, what the
// customer owes, their orders, the product tabs, the last interactions, the visit photos, the links
// and the profile and info buttons. They come in a chunk of their own, after the details and the
// form: on a slow phone the agent can start the visit while it loads (issue #56).
import { lazy, Suspense } from "react";
import { OutstandingPanel } from "../../lib/outstanding-panel";
import { VisitPhotos } from "../../lib/photos/photo-view";
import { AGENT, RIGHT } from "../../lib/rights";
import { hasRight } from "../../lib/session";
import { CustomerLinks } from "./customer-links";
import { CustomerOrders } from "./customer-orders";
import { ProductTabs } from "./product-tabs";
import { VisitActions } from "./visit-actions";
import { LastInteractions } from "./visit-interactions";
import { t } from "./visit-text";

/** @typedef {import("../../../types/api").components["schemas"]["SessionBody"]} User */
/** @typedef {import("./visit-interactions").InteractionRow} InteractionRow */
/** @typedef {import("../../lib/offline/customers").CustomerScreen} Screen */

// The shelf count and returns work through the phone's queue: with them comes the offline engine,
// which is not the screen's code, so they load apart and the panels show without waiting for them.
const ShelfPanel = lazy(() => import("./shelf-panel").then((m) => ({ default: m.ShelfPanel })));

/**
 * @param {{ screen: Screen, buyerId: string | null, user: User, queued: InteractionRow[],
 *   visitClientId: string | null }} props
 */
export default function VisitPanels({ screen, buyerId, user, queued, visitClientId }) {
  const customerId = screen.customerDetails.buyerID;
  return (
    <>
      {Number(user.userType) === AGENT && (
        <Suspense fallback={null}>
          <ShelfPanel
            key={`shelf-${customerId}`}
            buyerId={customerId}
            buyerName={screen.customerDetails.buyerName}
            user={user}
            visitClientId={visitClientId}
          />
        </Suspense>
      )}
      {(hasRight(user, RIGHT.COLLECTIONS) || hasRight(user, RIGHT.COLLECTIONS_REVIEW)) && (
        <OutstandingPanel user={user} buyerId={customerId}>
          {hasRight(user, RIGHT.COLLECTIONS) && (
            <a class="btn btn-primary" href={`#/collections/collect/${encodeURIComponent(customerId)}`}>
              {t("collectPayment")}
            </a>
          )}
        </OutstandingPanel>
      )}
      {hasRight(user, RIGHT.ORDER_BOOKING) && <CustomerOrders buyerId={customerId} user={user} />}
      {!screen.fromCopy && <ProductTabs screen={screen} buyerId={customerId} />}
      <LastInteractions queued={queued} transactions={screen.transcations} />
      {hasRight(user, RIGHT.PHOTO_REVIEW) && !screen.fromCopy && !screen.seenAt && <VisitPhotos buyerId={customerId} />}
      <CustomerLinks links={screen.linkDetails} />
      <VisitActions user={user} buyerId={buyerId} />
    </>
  );
}
