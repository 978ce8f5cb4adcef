// The English of the report screens (report-screen.jsx): ids "reports.<name>". Hindi:
// lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("reports", {
  // The reports' titles (REPORTS).
  customerVisit: "Customer Visit Report",
  customerAdd: "Customer Add Report",
  profileUpdate: "Profile Update Report",
  infoAdd: "Info Add Report",
  loginHistory: "Login History Report",
  productivity: "Productivity Report",
  monthlySummary: "Monthly Summary Report",
  monthlySummaryAm: "Monthly Summary AM Report",
  delivery: "Delivery Report",
  myCustomer: "My Customer Report",
  buyerDetails: "Buyer Details Report",
  orderLines: "Order Lines Report",
  beatAdherence: "Beat Adherence Report",
  attendance: "Attendance Report",
  schemes: "Schemes Report",
  collections: "Collections Report",
  outstanding: "Outstanding Report",
  visitPhotos: "Visit Photos Report",
  // The outstanding report has no dates: it is what each customer owes today.
  asOfToday: "What each customer owes today, aged by days past the due date.",
  // The filter form.
  fromDate: "From Date",
  toDate: "To Date",
  fromDateRequired: "From Date is required",
  toDateRequired: "To Date is required",
  enterFromDate: "Please Enter From Date.",
  enterToDate: "Please Enter To Date.",
  selectUserType: "Please select user type.",
  selectCountry: "Please select country.",
  userType: "User Type",
  country: "Country",
  all: "All",
  search: "Search",
  view: "View",
  dayWise: "DayWise",
  summary: "Summary",
  by: "By",
  orderDate: "Order Date",
  updatedDate: "Updated Date",
  month: "Month",
  generate: "Generate Report",
  failed: "The report could not be generated.",
});
