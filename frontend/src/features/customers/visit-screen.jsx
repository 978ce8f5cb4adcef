// Customer Visit (spec 1 §2): search, the customer's details with a map link, the visit form,
// Must Sell / Best Sellers / Price Comparison tabs, the last 5 interactions and the links.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { get, post } from "../../lib/api-client";
import { alertError, alertSuccess } from "../../lib/alerts";
import { dayMonth, formatDate } from "../../lib/dates";
import { rules, useForm } from "../../lib/form";
import { currentPosition } from "../../lib/location";
import { hasRight } from "../../lib/session";
import { SuggestBox } from "../../lib/suggest";
import { DataTable } from "../../lib/table";
import { Empty, Field, Loading, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useApi, useSaving } from "../../lib/use-api";

const STEP = 5;

function Details({ c }) {
  const rows = [
    ["Buyer ID", c.buyerID],
    ["Name", c.buyerName],
    ["Mobile", c.mobile && <a href={`tel:${c.mobile}`}>{c.mobile}</a>],
    ["Email", c.email],
    ["Address", [c.address1, c.address2].filter(Boolean).join(", ")],
    ["Postal Code", c.postalCode],
    ["City", c.city],
    ["State", c.state],
    ["Country", c.country],
    ["Info", c.info],
  ];
  return (
    <div class="card customer-card" data-testid="customer-details">
      <dl>
        {rows.map(([k, v]) => (
          <div key={k} class="dl-row">
            <dt>{k}</dt>
            <dd>{v || "—"}</dd>
          </div>
        ))}
      </dl>
      {c.latitude != null && c.longitude != null && (
        <a class="btn" href={`https://www.google.com/maps?q=${c.latitude},${c.longitude}`} target="_blank" rel="noopener noreferrer">
          Open in maps
        </a>
      )}
    </div>
  );
}

function VisitForm({ buyerId, user, onSaved }) {
  const { data: outcomes } = useApi("/master/outcome", { initial: [] });
  const [busy, saving] = useSaving();
  const form = useForm({ outcomeId: "", remark: "" }, { outcomeId: [rules.required("Visit Outcome is required")] });
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    await saving(async () => {
      const position = user.userType === 4 ? await currentPosition() : null;
      const r = await post("/users/customer/details", {
        buyerID: buyerId,
        outcomeId: Number(form.values.outcomeId),
        remark: form.values.remark.trim(),
        latitude: position ? position.latitude : null,
        longitude: position ? position.longitude : null,
      });
      alertSuccess(r.message);
      form.reset();
      onSaved();
    });
  };
  return (
    <form class="card" onSubmit={submit} noValidate>
      <h2>Visit</h2>
      <Select id="outcomeId" label="Outcome" value={form.values.outcomeId} onChange={form.set("outcomeId")} options={(outcomes || []).map((o) => ({ value: String(o.outComeId), label: o.outCome }))} error={form.errors.outcomeId} />
      <Field label="Remark" id="remark">
        <textarea id="remark" rows={2} maxLength={500} value={form.values.remark} onInput={form.set("remark")} />
      </Field>
      <SubmitButton busy={busy}>Save Visit</SubmitButton>
    </form>
  );
}

function ShowMoreTable({ columns, rows, testId }) {
  const [shown, setShown] = useState(STEP);
  return (
    <>
      <DataTable columns={columns} rows={rows.slice(0, shown)} pageSize={1000} serial={false} testId={testId} />
      {rows.length > shown && (
        <button type="button" class="btn" onClick={() => setShown(shown + STEP)}>
          Show More
        </button>
      )}
    </>
  );
}

function PriceComparison({ buyerId }) {
  const [rows, setRows] = useState(null);
  const pick = (p) =>
    get(`/users/product/pricecomparison/${encodeURIComponent(buyerId)}?productName=${encodeURIComponent(p.productName)}`)
      .then(setRows)
      .catch((err) => alertError(err.message));
  return (
    <div>
      <SuggestBox id="productSearch" label="Product" placeholder="Type a product name" fetchPath={(q) => `/users/product/search?query=${encodeURIComponent(q)}`} labelOf={(p) => p.display} onPick={pick} />
      {rows && (
        <DataTable
          serial={false}
          rows={rows}
          empty="No prices in the last 90 days"
          columns={[
            { key: "lastOrderDate", label: "Last Order Date", render: (r) => formatDate(r.lastOrderDate) },
            { key: "product", label: "Product" },
            { key: "unitPrice", label: "Unit Price" },
            { key: "distributorName", label: "Distributor Name" },
            { key: "faoName", label: "FAO Name" },
          ]}
        />
      )}
    </div>
  );
}

function Tabs({ screen, buyerId }) {
  const [tab, setTab] = useState("must");
  const tabs = [
    ["must", "Must Sell"],
    ["best", "Best Sellers"],
    ["price", "Price Comparison"],
  ];
  return (
    <div class="card">
      <div class="tabs" role="tablist">
        {tabs.map(([key, label]) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} class={tab === key ? "tab active" : "tab"} onClick={() => setTab(key)}>
            {label}
          </button>
        ))}
      </div>
      {tab === "must" && (
        <ShowMoreTable
          testId="must-sell"
          rows={screen.reOrderMustSell}
          columns={[
            { key: "lastOrderDate", label: "Last Ordered", render: (r) => dayMonth(r.lastOrderDate) },
            { key: "distinctProductName", label: "Product" },
            { key: "lastOrderShippedQty", label: "Qty." },
            { key: "unitPrice", label: "Unit Price" },
            { key: "dsName", label: "Ds Name" },
            { key: "faoName", label: "FAO Name" },
          ]}
        />
      )}
      {tab === "best" && (
        <ShowMoreTable
          testId="best-sellers"
          rows={screen.bestSeller}
          columns={[
            { key: "lastOrderDate", label: "Last Order Date", render: (r) => formatDate(r.lastOrderDate) },
            { key: "product", label: "Product" },
            { key: "unitPrice", label: "Unit Price" },
            { key: "distributorName", label: "Distributor Name" },
            { key: "faoName", label: "FAO Name" },
          ]}
        />
      )}
      {tab === "price" && <PriceComparison buyerId={buyerId} />}
    </div>
  );
}

export default function VisitScreen({ params, user }) {
  const [, navigate] = useLocation();
  const buyerId = params && params.buyerId ? decodeURIComponent(params.buyerId) : null;
  const [screen, setScreen] = useState(null);
  const [loading, setLoading] = useState(false);
  const load = () => {
    if (!buyerId) return;
    setLoading(true);
    get(`/users/customer/details/${encodeURIComponent(buyerId)}?showSummary=true`)
      .then(setScreen)
      .catch((err) => {
        setScreen(null);
        alertError(err.message);
      })
      .finally(() => setLoading(false));
  };
  useEffect(load, [buyerId]);
  return (
    <section>
      <PageHeader title="Customer Visit">
        {hasRight(user, "new_customer") && (
          <a class="btn" href="#/customer/new">
            Add Customer
          </a>
        )}
      </PageHeader>
      <SuggestBox
        id="customerSearch"
        label="Search customer"
        placeholder="Buyer ID, name or mobile"
        fetchPath={(q) => `/users/customer/search?query=${encodeURIComponent(q)}`}
        labelOf={(s) => s.display}
        onPick={(s) => navigate(`/customer/visit/${encodeURIComponent(s.buyerId)}`)}
        onSearch={(q) => q && navigate(`/customer/visit/${encodeURIComponent(q)}`)}
      />
      {!buyerId && <Empty text="Search a customer by buyer ID, name or mobile number." />}
      {loading && <Loading />}
      {screen && !loading && (
        <div class="visit-layout">
          <Details c={screen.customerDetails} />
          <VisitForm buyerId={screen.customerDetails.buyerID} user={user} onSaved={load} />
          <Tabs screen={screen} buyerId={screen.customerDetails.buyerID} />
          <div class="card">
            <h2>Last 5 interactions</h2>
            <DataTable
              serial={false}
              testId="interactions"
              rows={screen.transcations}
              empty="No visits yet"
              columns={[
                { key: "date", label: "Date", render: (r) => formatDate(r.date) },
                { key: "time", label: "Time" },
                { key: "outcome", label: "Outcome" },
                { key: "agentId", label: "Agent ID" },
                { key: "entryUpdateBy", label: "Updated By" },
                { key: "remark", label: "Remark" },
              ]}
            />
          </div>
          <div class="card">
            <h2>Links</h2>
            <DataTable
              pageSize={30}
              serial={false}
              rows={screen.linkDetails}
              empty="No links"
              columns={[
                { key: "linkName", label: "Link Name" },
                { key: "link", label: "Link", render: (r) => <a href={r.link} target="_blank" rel="noopener noreferrer">{r.link}</a> },
                { key: "country", label: "Country" },
              ]}
            />
          </div>
          <div class="footer-actions">
            {hasRight(user, "profile_update") && (
              <a class="btn" href={`#/customer/profile/${encodeURIComponent(buyerId)}`}>
                Profile Update
              </a>
            )}
            {hasRight(user, "info_add") && (
              <a class="btn" href={`#/customer/info/${encodeURIComponent(buyerId)}`}>
                Add Info
              </a>
            )}
            {hasRight(user, "new_customer") && (
              <a class="btn" href="#/customer/new">
                New Customer
              </a>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
