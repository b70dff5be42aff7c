import { describe, expect, it } from "vitest";
import { excerpt, parseEnquiryListQuery, REPLY_MAX, reopenedStatus, replyRoute } from "./enquiry-inbox.ts";

describe("parseEnquiryListQuery", () => {
  it("reads search, type, status and page from the URL", () => {
    expect(parseEnquiryListQuery(new URLSearchParams("q=%20陳%20&type=supplier&status=new&page=2"))).toEqual({
      q: "陳",
      kind: "supplier",
      status: "new",
      page: 2,
      pageSize: 50,
    });
  });

  it("falls back to every type and status for unknown values", () => {
    const query = parseEnquiryListQuery(new URLSearchParams("type=spam&status=deleted&page=-1"));
    expect(query).toMatchObject({ kind: "all", status: "all", page: 0 });
  });
});

describe("excerpt", () => {
  it("puts the message on one line and cuts it by characters", () => {
    expect(excerpt("第一行\n\n  第二行")).toBe("第一行 第二行");
    expect(excerpt("一二三四五六", 4)).toBe("一二三四…");
    expect(excerpt("一二三四", 4)).toBe("一二三四");
  });

  it("never splits an emoji in half", () => {
    expect(excerpt("🥩🥩🥩", 2)).toBe("🥩🥩…");
  });
});

describe("replyRoute", () => {
  it("prefers email, uses SMS when only a phone was given, and has nothing without either", () => {
    expect(replyRoute({ email: "a@b.hk", phone: "91234567" })).toEqual({ channel: "email", to: "a@b.hk" });
    expect(replyRoute({ email: null, phone: "91234567" })).toEqual({ channel: "sms", to: "91234567" });
    expect(replyRoute({ email: null, phone: null })).toBeNull();
  });

  it("keeps SMS replies shorter than email replies", () => {
    expect(REPLY_MAX.sms).toBeLessThan(REPLY_MAX.email);
  });
});

describe("reopenedStatus", () => {
  it("goes back to replied when there was a reply, to new otherwise", () => {
    expect(reopenedStatus(2)).toBe("replied");
    expect(reopenedStatus(0)).toBe("new");
  });
});
