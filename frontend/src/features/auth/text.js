// The English of the sign-in, password and logout screens: ids "auth.<name>". Hindi:
// lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("auth", {
  waitingForSignedOut:
    "{count, plural, one {Not sent yet: 1 visit or order saved on this phone. It goes to the server when the agent who saved it signs in here again.} other {Not sent yet: # visits or orders saved on this phone. They go to the server when the agent who saved them signs in here again.}}",
  brand: "fieldsales",
  signIn: "Sign in",
  loginId: "Login ID",
  next: "Next",
  forgotPassword: "Forgot Password",
  loginMethod: "Login method",
  password: "Password",
  otp: "OTP",
  getOtp: "Get OTP",
  iAgree: "I agree to the",
  terms: "terms and conditions",
  login: "Login",
  back: "Back",
  loginIdRequired: "Login ID is required",
  passwordRequired: "Password is required",
  otpRequired: "OTP is required",
  mustAgree: "You must agree to the terms and conditions.",
  emailRequired: "Email ID is required",
  emailOrUser: "Email ID or User Name",
  submit: "Submit",
  termsTitle: "Terms and conditions",
  termsIntro: "fieldsales is for the staff of the company that runs it, each signed in with their own account.",
  termsPassword: "Keep your password to yourself. An administrator may block an account that is misused.",
  termsRecords:
    "The app records your work in it: sign-ins, visits, orders, and where the phone is when you check in at a customer.",
  termsCustomers: "Customer details are the company's. Use them only for your work.",
  termsFull: "Your administrator can give you your employer's full terms.",
  currentPassword: "Current Password",
  currentPasswordRequired: "Current Password is required",
  newPassword: "New Password",
  confirmPassword: "Confirm Password",
  changeYourPassword: "Change your password",
  chooseNewPassword: "Please choose a new password before you continue.",
  changePassword: "Change Password",
});
