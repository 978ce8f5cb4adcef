// The longest value of each stored text field, in characters: the screens' `maxLength`. The
// server's table is `limits` in src/validate.rs (the API test security_fields keeps the two equal: one
// `key: max,` line per field in the same order), which the API and the uploads check.

/** Limits by field. */
export const MAX = Object.freeze({
  buyerId: 50,
  buyerName: 200,
  mobile: 11,
  email: 254,
  address1: 200,
  address2: 200,
  city: 100,
  state: 100,
  postalCode: 20,
  country: 100,
  customerInfo: 500,
  retailerType: 20,
  visitRemark: 500,
  infoRemark: 500,
  productName: 200,
  sku: 64,
  category: 100,
  distributorName: 200,
  code: 50,
  orderId: 50,
  name: 200,
  shortText: 100,
  beatName: 100,
  weekdays: 30,
  userName: 100,
  schemeList: 2000,
});
