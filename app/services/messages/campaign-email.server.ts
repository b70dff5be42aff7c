import { signUnsubscribeToken, UNSUBSCRIBE_LINK_DAYS } from "~/auth/unsubscribe-token.server.ts";
import {
  type CampaignBody,
  type CampaignLanguage,
  type CampaignTexts,
  campaignEmail,
  campaignInLanguage,
  renderCampaignBody,
} from "~/domain/messages/email-campaign.ts";
import { displayWhatsapp } from "~/domain/messages/enquiry-reply.ts";
import { shopNameIn } from "~/i18n/i18n.ts";
import { localePath } from "~/i18n/locale.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import type { EmailMessage } from "~/integrations/email/email-provider.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import type { SiteSettings } from "../site/index.ts";

/** What a campaign email is made from: the stored campaign and one recipient. */
export interface CampaignContent extends CampaignTexts {
  id: number;
}

export interface CampaignRecipient {
  memberId: string;
  email: string;
  /** The language the member reads (issue 48): the English campaign where there is one. */
  locale: CampaignLanguage;
}

const DAY_MS = 86_400_000;

/** The host part of EMAIL_FROM, for Message-IDs of our own. */
function messageIdDomain(from: string): string {
  return from.split("@")[1] ?? "gather.hk";
}

/**
 * One campaign email as a member gets it (issue 7 item 3): the body in the language they read
 * (issue 48), framed with the shop's name, the support contact and their own signed unsubscribe
 * link, with the List-Unsubscribe headers and a Message-ID per member.
 */
export function createCampaignComposer(env: ServiceDeps["env"], key: () => Promise<string>) {
  /** The shop's address in emails: PUBLIC_URL, else where this server listens. */
  function publicUrl(): string {
    const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
    return (env.PUBLIC_URL ?? `http://${host}:${env.PORT}`).replace(/\/+$/, "");
  }

  async function unsubscribeUrl(memberId: string, now: Date, lang: CampaignLanguage): Promise<string> {
    const token = signUnsubscribeToken(
      await key(),
      memberId,
      new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS),
    );
    return `${publicUrl()}${localePath(lang, "/unsubscribe")}?token=${token}`;
  }

  /** The footer words in a language, filled with the shop's name, support number and unsubscribe link. */
  function emailWords(
    settings: Pick<SiteSettings, "shopName" | "supportWhatsapp">,
    lang: CampaignLanguage,
    url: string,
  ) {
    const words = i18nIn(lang);
    const { t: say } = words;
    const shopName = shopNameIn(words, settings.shopName);
    return {
      reason: say("email.campaign.reason", { shopName }),
      support: say("email.campaign.support", { shopName, phone: displayWhatsapp(settings.supportWhatsapp) }),
      unsubscribe: say("email.campaign.unsubscribe"),
      unsubscribeLine: say("email.campaign.unsubscribeLine", { url }),
    };
  }

  /** The body of a campaign in one language, rendered once for every recipient's copy in it. */
  function renderBody(campaign: CampaignContent, lang: CampaignLanguage): CampaignBody {
    return renderCampaignBody(campaignInLanguage(campaign, lang).bodyMarkdown, publicUrl());
  }

  /** One recipient's email: both parts, the List-Unsubscribe headers and a Message-ID per member. */
  async function composeEmail(
    campaign: CampaignContent,
    recipient: CampaignRecipient,
    settings: SiteSettings,
    now: Date,
    options: { subject?: (subject: string) => string; body?: CampaignBody } = {},
  ): Promise<EmailMessage> {
    const chosen = campaignInLanguage(campaign, recipient.locale);
    const subject = options.subject ? options.subject(chosen.subject) : chosen.subject;
    const link = await unsubscribeUrl(recipient.memberId, now, chosen.lang);
    const shopName = shopNameIn(i18nIn(chosen.lang), settings.shopName);
    const { html, text } = campaignEmail(
      {
        subject,
        markdown: chosen.bodyMarkdown,
        lang: chosen.lang,
        shopName,
        baseUrl: publicUrl(),
        unsubscribeUrl: link,
        words: emailWords(settings, chosen.lang, link),
      },
      options.body ?? renderBody(campaign, chosen.lang),
    );
    return {
      to: recipient.email,
      subject,
      html,
      text,
      fromName: shopName,
      messageId: `campaign-${campaign.id}.${recipient.memberId}@${messageIdDomain(env.EMAIL_FROM)}`,
      headers: {
        // RFC 8058 one-click: mail apps may POST here; /unsubscribe takes the token from the address.
        "List-Unsubscribe": `<${link}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
  }

  return { publicUrl, emailWords, renderBody, composeEmail };
}
