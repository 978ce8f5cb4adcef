// Products (issue #18; right product_master): the catalogue order taking books from, 30 a page by
// name with a search over name, SKU and category (GET /master/product, retired products too);
// Add and Modify in a dialog (POST /master/product) with the name, SKU, price, pack size,
// category and Active. Products are never deleted (orders name them): Active off retires one.
import { useEffect, useState } from "react";
import { get, post } from "../../lib/api-client";
import { alertSuccess } from "../../lib/alerts";
import { rules, useForm } from "../../lib/form";
import { money } from "../../lib/money";
import { DataTable, Pager } from "../../lib/table";
import { Loading, PageHeader, SubmitButton, TextInput } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";

const PAGE = 30;
const blank = (v) => v === undefined || v === null || String(v).trim() === "";

/** The server's checks, with its messages, before a save. */
const PRODUCT_RULES = {
  productName: [
    rules.required("Product Name is required"),
    rules.maxLength(200, "Product Name is limited to a maximum of 200 characters."),
  ],
  sku: [rules.maxLength(64, "SKU is limited to a maximum of 64 characters.")],
  price: [
    (v) => {
      if (blank(v)) return null;
      const n = Number(String(v).trim());
      return /^\d+(\.\d+)?$/.test(String(v).trim()) && n <= 10000000 ? null : "Price must be a number from 0 to 10,000,000.";
    },
  ],
  packSize: [
    (v) =>
      blank(v) || (/^\d+$/.test(String(v).trim()) && Number(v) >= 1 && Number(v) <= 1000000)
        ? null
        : "Pack Size must be a whole number of units, 1 or more.",
  ],
  category: [rules.maxLength(100, "Category is limited to a maximum of 100 characters.")],
};

function ProductDialog({ product, onClose, onSaved }) {
  const [busy, saving] = useSaving();
  const text = (v) => (v == null ? "" : String(v));
  const form = useForm(
    product
      ? {
          productName: product.productName,
          sku: text(product.sku),
          price: text(product.price),
          packSize: text(product.packSize),
          category: text(product.category),
          active: product.active,
        }
      : { productName: "", sku: "", price: "", packSize: "", category: "", active: true },
    PRODUCT_RULES,
  );
  useEffect(() => {
    const first = document.getElementById("productName");
    if (first) first.focus();
  }, []);
  const v = form.values;
  const submit = (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    saving(async () => {
      const r = await post("/master/product", {
        productId: product ? product.productId : undefined,
        productName: v.productName.trim(),
        sku: v.sku.trim(),
        price: blank(v.price) ? null : Number(v.price),
        packSize: blank(v.packSize) ? null : Number(v.packSize),
        category: v.category.trim(),
        active: !!v.active,
      });
      alertSuccess(r.message);
      onSaved();
    });
  };
  return (
    <div class="modal-backdrop" onClick={() => !busy && onClose()}>
      <div
        class="modal modal-wide"
        role="dialog"
        aria-modal="true"
        aria-labelledby="product-title"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="product-title">{product ? "Modify Product" : "Add Product"}</h2>
        <form onSubmit={submit} noValidate>
          <TextInput
            id="productName"
            label="Product Name"
            value={v.productName}
            onInput={form.set("productName")}
            error={form.errors.productName}
          />
          <TextInput id="sku" label="SKU" value={v.sku} onInput={form.set("sku")} error={form.errors.sku} />
          <TextInput
            id="price"
            label="Price (a unit)"
            inputMode="decimal"
            value={v.price}
            onInput={form.set("price")}
            error={form.errors.price}
          />
          <TextInput
            id="packSize"
            label="Pack Size (units a case)"
            inputMode="numeric"
            value={v.packSize}
            onInput={form.set("packSize")}
            error={form.errors.packSize}
          />
          <TextInput
            id="category"
            label="Category"
            value={v.category}
            onInput={form.set("category")}
            error={form.errors.category}
          />
          <div class="field checkbox">
            <label>
              <input id="active" type="checkbox" checked={!!v.active} onChange={form.set("active")} />
              Active (off: retired, no longer orderable)
            </label>
          </div>
          <div class="modal-actions">
            <SubmitButton busy={busy}>{product ? "Update" : "Save"}</SubmitButton>
            <button type="button" class="btn" disabled={busy} onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

export function ProductList() {
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState(null);
  const [editing, setEditing] = useState(null); // null: closed; {}: a new product; else the product
  const [reloads, setReloads] = useState(0);
  // The answer of this very search, page and reload; never a page of the one before.
  const key = `${search}|${page}|${reloads}`;
  const data = answer && answer.key === key ? answer : null;
  useEffect(() => {
    get(`/master/product?search=${encodeURIComponent(search)}&pageNumber=${page}`)
      .then((r) => setAnswer({ ...r, key }))
      .catch(() => setAnswer({ data: [], totalRecords: 0, key }));
  }, [search, page, key]);
  const pages = data ? Math.max(1, Math.ceil(data.totalRecords / PAGE)) : 1;
  return (
    <section>
      <PageHeader title="Products" back="/home">
        <button type="button" class="btn btn-primary" onClick={() => setEditing({})}>
          Add
        </button>
      </PageHeader>
      <form
        class="suggest"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setSearch(text.trim());
        }}
      >
        <label for="productSearch">Search name, SKU or category</label>
        <div class="suggest-row">
          <input id="productSearch" type="search" value={text} onInput={(e) => setText(e.currentTarget.value)} />
          <button type="submit" class="btn btn-primary">
            Search
          </button>
        </div>
      </form>
      {!data ? (
        <Loading />
      ) : (
        <>
          <p class="muted" data-testid="products-count">
            {data.totalRecords} {data.totalRecords === 1 ? "product" : "products"}
          </p>
          <DataTable
            pageSize={PAGE}
            serial={false}
            testId="products-table"
            rows={data.data.map((p) => ({ ...p, key: p.productId }))}
            empty={search ? "No product matches." : "No products yet"}
            rowClass={(p) => (p.active ? undefined : "row-retired")}
            columns={[
              { key: "productName", label: "Product Name" },
              { key: "sku", label: "SKU" },
              { key: "price", label: "Price", render: (p) => (p.price == null ? "Not set" : money(p.price)) },
              { key: "packSize", label: "Pack Size" },
              { key: "category", label: "Category" },
              { key: "active", label: "Status", render: (p) => (p.active ? "Active" : "Retired") },
              {
                key: "actions",
                label: "Actions",
                render: (p) => (
                  <button
                    type="button"
                    class="btn btn-small"
                    aria-label={`Modify ${p.productName}`}
                    onClick={() => setEditing(p)}
                  >
                    Modify
                  </button>
                ),
              },
            ]}
          />
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
      {editing && (
        <ProductDialog
          product={editing.productId ? editing : null}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setReloads(reloads + 1);
          }}
        />
      )}
    </section>
  );
}
