// The visit screen's bar: the customer's profile and info, and a new customer, by the user's rights.
import { RIGHT } from "../../lib/rights";
import { hasRight } from "../../lib/session";
import { t as tc } from "./text";

/** @param {{ user: import("../../lib/session").SessionUser, buyerId: string | null }} props */
export function VisitActions({ user, buyerId }) {
  return (
    <div class="footer-actions visit-bar">
      {hasRight(user, RIGHT.PROFILE_UPDATE) && (
        <a class="btn" href={`#/customer/profile/${encodeURIComponent(String(buyerId))}`}>
          {tc("profileUpdate")}
        </a>
      )}
      {hasRight(user, RIGHT.INFO_ADD) && (
        <a class="btn" href={`#/customer/info/${encodeURIComponent(String(buyerId))}`}>
          {tc("addInfo")}
        </a>
      )}
      {hasRight(user, RIGHT.NEW_CUSTOMER) && (
        <a class="btn" href="#/customer/new">
          {tc("newCustomer")}
        </a>
      )}
    </div>
  );
}
