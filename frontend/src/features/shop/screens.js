// The screens of returns, shelf stock and new shops that have their own route (issue #54).
export { NewShopScreen, NewShopsScreen, ReturnsScreen } from "./shop-screens";
