/** A pickup point as the shop's pickup locations page shows it (the site content service reads it). */
export interface PickupPointView {
  id: number;
  name: string;
  address: string;
  hours: string;
  deliveryChargeCents: number;
  /** The cycle's total delivery cost here, shared by its members (DESIGN §4.8); null if none. */
  runFeeCents: number | null;
  free: boolean;
  merchantName: string | null;
  bannerDesktop: string | null;
  bannerMobile: string | null;
}
