/** The members area's domain modules that other areas use; they import nothing else of it. */
export { REFERRAL_CODE } from "./referral.ts";
