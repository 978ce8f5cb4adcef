// Money as the order screens show it: two decimals with thousands separators ("1,234.50").
export const money = (v) =>
  v == null || v === "" ? "" : Number(v).toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
