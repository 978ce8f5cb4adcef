// The English of the customer visit screen (visit-screen.jsx): ids "visit.<name>". Words the other
// customer screens share (Date, Remark, Add Info...) are the `customers` area's (text.js); the
// queue's states are lib's (parts-text.js). Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("visit", {
  title: "Customer Visit",
  addCustomer: "Add Customer",
  searchCustomer: "Search customer",
  searchPlaceholder: "Buyer ID, name or mobile",
  noMatch: "No customer matches '{query}'",
  searchHint: "Search a customer by buyer ID, name or mobile number.",
  offlineFromCopy: "Offline: the details from the customer list on this phone.",
  offlineSeenAt: "Offline: the details as last seen on {when}.",
  // The customer's details.
  name: "Name",
  email: "Email",
  country: "Country",
  info: "Info",
  openInMaps: "Open in maps",
  // The visit form.
  visit: "Visit",
  outcomeRequired: "Visit Outcome is required",
  photos: "Photos",
  saveVisit: "Save Visit",
  savedOnPhone: "Saved on this phone",
  addPhotosAfter: "Add photos to the visit just saved",
  photosQueuedWith: "{count, plural, one {# photo} other {# photos}} queued with it.",
  noPhotosWith: "No photos with it yet.",
  photosSavedOnPhone: "{count, plural, one {# photo} other {# photos}} saved on this phone",
  sendPhotos: "Send {count, plural, one {# photo} other {# photos}}",
  // The save's message (`message`, its end stop dropped) with where the check-in found the phone.
  atShopDistance: "{message} - at the shop ({distance})",
  atShop: "{message} - at the shop",
  fromShop: "{message} - {distance} from the shop",
  awayFromShop: "{message} - away from the shop",
  locationOff: "{message} - location off on this phone",
  shopNotOnMap: "{message} - the shop is not on the map yet",
  // The tabs.
  mustSell: "Must Sell",
  bestSellers: "Best Sellers",
  priceComparison: "Price Comparison",
  showMore: "Show More",
  product: "Product",
  typeProduct: "Type a product name",
  noPrices: "No prices in the last 90 days",
  lastOrderDate: "Last Order Date",
  lastOrdered: "Last Ordered",
  qty: "Qty.",
  unitPrice: "Unit Price",
  distributorName: "Distributor Name",
  dsName: "Ds Name",
  faoName: "FAO Name",
  // Below the form.
  collectPayment: "Collect payment",
  lastInteractions: "Last 5 interactions",
  noVisitsYet: "No visits yet",
  updatedBy: "Updated By",
  links: "Links",
  noLinks: "No links",
  linkName: "Link Name",
  link: "Link",
});
