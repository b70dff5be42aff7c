/** SPEC §8 toasts. Keys are stable; later issues use them where their actions land. */
export const toasts = {
  "toast.cart.added": "已加入購物車",
  "toast.cart.updated": "已更新購物車",
  "toast.cart.removed": "已從購物車移除",
  "toast.cart.soldOut": "抱歉，部分貨品已被搶購一空，已從購物車移除",
  "toast.cart.limit": "已達此貨品的購買上限",
  "toast.loginRequired": "請先登入或註冊成為會員",
} as const;
