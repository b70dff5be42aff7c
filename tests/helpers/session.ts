import { createCookie } from "react-router";
import type { Services } from "../../app/services/context.server.ts";

/** A signed-in member's `cookie` header (`gather_session=…`): a real session, made as sign-in makes it. */
export async function memberSessionCookie(services: Services, memberId: string): Promise<string> {
  const { token } = await services.members.auth.createSession(memberId, {});
  const header = await createCookie("gather_session").serialize(token);
  return header.split(";")[0]!;
}
