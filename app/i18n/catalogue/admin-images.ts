/** Image uploads in the back office (issue 4 item 5): answers of POST /admin/upload. */
export const adminImages = {
  "admin.image.missing": "請選擇要上載的圖片",
  "admin.image.tooLarge": "圖片不可大於 {megabytes} MB",
  "admin.image.unsupported": "只接受 JPEG、PNG、WebP、GIF 或 AVIF 圖片",
  "admin.image.tooManyPixels": "圖片尺寸太大（最多 {megapixels} 百萬像素），請先縮細再上載",
  "admin.image.folder": "圖片類別不正確",
  "admin.image.storeFailed": "未能儲存圖片，請稍後再試",
  "admin.image.method": "請以表格上載圖片",
} as const;
