// The upload screens, loaded together on demand by the route table.
import { CustomerMasterScreen, UploadScreen } from "./upload-screen";

export { CustomerMasterScreen };
/** @param {import("../../lib/session").ScreenProps} props */
export const CustomerUpload = ({ params }) => (
  <UploadScreen kind={params && params.isDelete === "true" ? "customerdelete" : "customer"} back="/master/customer-master" />
);
export const ProductUpload = () => <UploadScreen kind="product" />;
export const DistributorUpload = () => <UploadScreen kind="distributor" />;
export const ScorecardUpload = () => <UploadScreen kind="scorecard" />;
export const DeliveryUpload = () => <UploadScreen kind="delivery" />;
export const OrderUpload = () => <UploadScreen kind="order" />;
export const BeatUpload = () => <UploadScreen kind="beat" back="/master/beats" />;
export const InvoiceUpload = () => <UploadScreen kind="invoice" back="/collections" />;
export const SchemeUpload = () => <UploadScreen kind="scheme" back="/master/schemes" />;
export const TargetUpload = () => <UploadScreen kind="target" back="/targets" />;
