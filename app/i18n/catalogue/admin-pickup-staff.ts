/** /admin/member/:id: the pickup points a member works at as pickup staff (issue 31 item 2). */
export const adminPickupStaff = {
  "admin.member.pickupStaff": "自取點職員",
  "admin.member.pickupStaff.hint": "剔選此會員負責的自取點。職員只可使用取貨站（/pickup），不能進入後台。",
  "admin.member.pickupStaff.none": "未有自取點",
  "admin.member.pickupStaff.inactive": "（已停用）",
  "admin.member.pickupStaff.save": "儲存自取點",
  "admin.member.pickupStaff.unknownPoint": "所選自取點不存在，請重新整理頁面",
} as const;
