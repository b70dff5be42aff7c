import { describe, expect, it } from "vitest";
import { smtpAddress } from "./smtp.server.ts";

describe("smtpAddress", () => {
  it("reads host, port and credentials of an smtp:// address, STARTTLS when offered", () => {
    expect(smtpAddress("smtp://user:pa%40ss@smtp.example.com:2525")).toEqual({
      host: "smtp.example.com",
      port: 2525,
      secure: false,
      auth: { user: "user", pass: "pa@ss" },
    });
  });

  it("uses TLS from the start for smtps://, leaving an unset port to nodemailer", () => {
    expect(smtpAddress("smtps://mailer%2Bshop:secret@mail.example.com")).toEqual({
      host: "mail.example.com",
      port: undefined,
      secure: true,
      auth: { user: "mailer+shop", pass: "secret" },
    });
  });

  it("connects without signing in when the address has no user, and to IPv6 hosts", () => {
    expect(smtpAddress("smtp://[::1]:25")).toEqual({ host: "::1", port: 25, secure: false, auth: undefined });
    expect(smtpAddress("smtp://127.0.0.1:587")).toMatchObject({ port: 587, auth: undefined });
  });
});
