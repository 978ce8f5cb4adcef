// My collections (agents, right collections; issue #55): what the agent collected in the last 30
// days, today's cash, cheques, UPI and bank with their total, what is deposited, and each receipt
// to open again (and share or print there). From the server when it answers, with the payments
// still on this phone; offline, from the phone's own receipts (my-collections.js).
import { formatDateTime, money } from "../../lib/format";
import { fromPaise } from "../../lib/outstanding";
import { loadEngine, networkOr } from "../../lib/offline/status";
import { keyOf, useResource } from "../../lib/resources";
import { Empty, Loading, PageHeader } from "../../lib/ui";
import { myPayments } from "./api";
import { collectionSums, firstDay, mergeCollections } from "./my-collections";
import { MODES, modeLabel } from "./payment-rules";
import { statusLabel } from "./receipt";
import { t } from "./text";
import "./collections.css";

/** @typedef {import("../../../types/api").components["schemas"]["SessionBody"]} User */

/** @param {{ user: User }} props */
export default function MyCollectionsScreen({ user }) {
  const { data, loading } = useResource(keyOf("/users/payments", null, "mine", user.uid), async () => {
    const now = new Date();
    const engine = await loadEngine();
    const receipts = await engine.listReceipts(user.uid).catch(() => []);
    const rows = await networkOr(
      () => myPayments(firstDay(now)),
      () => null,
    );
    return { list: mergeCollections(receipts, rows, now), offline: rows === null, now };
  });
  if (loading || !data) return <Loading />;
  const sums = collectionSums(data.list, data.now);
  /** @param {import("./my-collections").Collected} c */
  const link = (c) =>
    `/collections/receipt/${encodeURIComponent(c.clientId)}${c.paymentId != null ? `?paymentId=${c.paymentId}` : ""}`;
  return (
    <section class="my-collections">
      <PageHeader title={t("myCollections")} back="/today" />
      {data.offline && (
        <p class="offline-note" role="status">
          {t("myCollectionsOffline")}
        </p>
      )}
      <div class="card" data-testid="today-collected">
        <h2>{t("collectedToday")}</h2>
        <dl class="mode-sums">
          {MODES.map(([mode]) => (
            <div key={mode} class="dl-row">
              <dt>{modeLabel(mode)}</dt>
              <dd class="nowrap">{money(fromPaise(sums.byMode[mode] || 0))}</dd>
            </div>
          ))}
          <div class="dl-row total">
            <dt>{t("totalToday", { count: sums.count })}</dt>
            <dd class="nowrap">
              <strong>{money(fromPaise(sums.total))}</strong>
            </dd>
          </div>
          <div class="dl-row">
            <dt>{t("depositedIn30")}</dt>
            <dd class="nowrap">{money(fromPaise(sums.deposited))}</dd>
          </div>
        </dl>
      </div>
      <div class="card">
        <h2>{t("last30Days")}</h2>
        {data.list.length ? (
          <ul class="collected-list" data-testid="my-collections">
            {data.list.map((c) => (
              <li key={c.clientId}>
                <a href={`#${link(c)}`} data-testid="my-receipt">
                  <span class="collected-main">
                    <strong class="nowrap">{money(c.amount)}</strong> {modeLabel(c.mode)}
                    <small class="muted">
                      {c.buyerId}
                      {c.buyerName ? ` - ${c.buyerName}` : ""}
                    </small>
                  </span>
                  <span class="collected-side">
                    <small class="nowrap">{formatDateTime(c.collectedAt)}</small>
                    <small class="nowrap">{c.receiptNo}</small>
                    <span class={`loc-badge ${c.status === "deposited" ? "loc-waiting" : "loc-none"}`}>
                      {c.status === "phone" ? t("onThisPhone") : statusLabel(c.status)}
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <Empty text={t("nothingCollected")} />
        )}
      </div>
    </section>
  );
}
