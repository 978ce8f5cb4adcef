// Products (issue #18; right product_master): the catalogue order taking books from, 30 a page by
// name with a search over name, SKU and category (GET /master/product, retired products too);
// Add and Modify in a dialog (POST /master/product) with the name, SKU, price, pack size,
// category, Active, HSN and GST % (issue #52; checked by lib/tax-ids.js as the server checks them,
// the rate sent in basis points). Products are never deleted (orders name them): Active off retires one.
import { useEffect, useState } from "react";
import { alertSuccess } from "../../lib/alerts";
import { rules, useForm } from "../../lib/form";
import { money } from "../../lib/format";
import { invalidate } from "../../lib/resource-store";
import { ServerTable } from "../../lib/server-page";
import { SearchBox } from "../../lib/suggest";
import { FormInput, PageHeader, SubmitButton } from "../../lib/ui";
import { bpAsPercent, checkHsn, gstPercentBp } from "../../lib/tax-ids";
import { useSaving } from "../../lib/use-api";
import { Modal, ModalActions } from "../../lib/modal";
import { useProductList, saveProduct } from "./api";
import { t } from "./text";

const PAGE = 30;
/** @param {unknown} v */
const blank = (v) => v === undefined || v === null || String(v).trim() === "";

/**
 * The server's checks, with its messages, before a save (a function: the messages follow the
 * language in force).
 * @returns {Record<string, import("../../lib/form").Rule[]>}
 */
const productRules = () => ({
  productName: [rules.required(t("productNameRequired")), rules.maxLength(200, t("productNameMax", { max: 200 }))],
  sku: [rules.maxLength(64, t("skuMax", { max: 64 }))],
  price: [
    (v) => {
      if (blank(v)) return null;
      // The server's maximum is the company's (`amount_above_maximum` names it).
      return /^\d+(\.\d{1,2})?$/.test(String(v).trim()) ? null : t("priceRange");
    },
  ],
  packSize: [
    (v) => (blank(v) || (/^\d+$/.test(String(v).trim()) && Number(v) >= 1 && Number(v) <= 1000000) ? null : t("packSizeWhole")),
  ],
  category: [rules.maxLength(100, t("categoryMax", { max: 100 }))],
  hsn: [(v) => (blank(v) || checkHsn(v) !== null ? null : t("hsnInvalid"))],
  gstPercent: [(v) => (blank(v) || gstPercentBp(v) !== null ? null : t("gstPercentInvalid"))],
});

/** @typedef {import("./api").Schemas["Product"]} Product */

/**
 * Add (no `product`) or Modify one product.
 * @param {{ product: Product | null, onClose: () => void, onSaved: () => void }} props
 */
function ProductDialog({ product, onClose, onSaved }) {
  const [busy, saving] = useSaving();
  /** @param {unknown} v */
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
          hsn: text(product.hsn),
          gstPercent: bpAsPercent(product.gstRateBp),
        }
      : { productName: "", sku: "", price: "", packSize: "", category: "", active: true, hsn: "", gstPercent: "" },
    productRules(),
  );
  useEffect(() => {
    const first = document.getElementById("productName");
    if (first) first.focus();
  }, []);
  const v = form.values;
  /** @param {Event} e */
  const submit = (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    saving(async () => {
      const r = await saveProduct({
        productId: product ? product.productId : null,
        productName: v.productName.trim(),
        sku: v.sku.trim(),
        price: blank(v.price) ? null : Number(v.price),
        packSize: blank(v.packSize) ? null : Number(v.packSize),
        category: v.category.trim(),
        active: !!v.active,
        hsn: blank(v.hsn) ? "" : checkHsn(v.hsn),
        gstRateBp: blank(v.gstPercent) ? 0 : gstPercentBp(v.gstPercent),
      });
      alertSuccess(r.message);
      onSaved();
    });
  };
  return (
    <Modal
      onClose={() => !busy && onClose()}
      class="modal modal-wide"
      titleId="product-title"
      title={product ? t("modifyProduct") : t("addProduct")}
    >
      <form onSubmit={submit} onFocusOut={form.leave} noValidate>
        <FormInput form={form} id="productName" label={t("productName")} />
        <FormInput form={form} id="sku" label={t("sku")} />
        <FormInput form={form} id="price" label={t("priceUnit")} inputMode="decimal" />
        <FormInput form={form} id="packSize" label={t("packSizeCase")} inputMode="numeric" />
        <FormInput form={form} id="category" label={t("category")} />
        <FormInput form={form} id="hsn" label={t("hsnCode")} inputMode="numeric" />
        <FormInput form={form} id="gstPercent" label={t("gstPercentHint")} inputMode="decimal" />
        <div class="field checkbox">
          <label>
            <input id="active" type="checkbox" checked={!!v.active} onChange={form.set("active")} />
            {t("activeLabel")}
          </label>
        </div>
        <ModalActions closeText={t("cancel")} onClose={onClose} disabled={busy}>
          <SubmitButton busy={busy}>{product ? t("update") : t("save")}</SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}

export function ProductList() {
  const list = useProductList();
  const { page, setPage, answer } = list;
  // null: closed; else the dialog, of a new product (product null) or of one to modify.
  const [editing, setEditing] = useState(/** @type {{ product: Product | null } | null} */ (null));
  return (
    <section>
      <PageHeader title={t("products")} back="/home">
        <button type="button" class="btn btn-primary" onClick={() => setEditing({ product: null })}>
          {t("add")}
        </button>
      </PageHeader>
      <SearchBox id="productSearch" label={t("searchProducts")} onSearch={(search) => list.apply({ search })} />
      <ServerTable
        answer={answer}
        page={page}
        onPage={setPage}
        pageSize={PAGE}
        rowKey="productId"
        nouns={[t("productOne"), t("productMany")]}
        countTestId="products-count"
        testId="products-table"
        empty={list.applied.search ? t("noProductMatch") : t("noProducts")}
        rowClass={(p) => (p.active ? undefined : "row-retired")}
        columns={[
          { key: "productName", label: t("productName") },
          { key: "sku", label: t("sku") },
          { key: "price", label: t("price"), render: (p) => (p.price == null ? t("notSet") : money(p.price)) },
          { key: "packSize", label: t("packSize") },
          { key: "category", label: t("category") },
          { key: "hsn", label: t("hsn") },
          { key: "gstRateBp", label: t("gstPercent"), render: (p) => bpAsPercent(p.gstRateBp) },
          { key: "active", label: t("status"), render: (p) => (p.active ? t("active") : t("retired")) },
          {
            key: "actions",
            end: true,
            label: t("actions"),
            render: (p) => (
              <button
                type="button"
                class="btn btn-small"
                aria-label={t("modifyNamed", { name: p.productName })}
                onClick={() => setEditing({ product: p })}
              >
                {t("modify")}
              </button>
            ),
          },
        ]}
      />
      {editing && (
        <ProductDialog
          product={editing.product}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            invalidate("/master/product");
          }}
        />
      )}
    </section>
  );
}
