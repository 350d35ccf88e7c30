// The invite and reminder emails sent to a client, a colleague's link, and the removal link's email: the same
// layout, in the client's language, with the agency's accent colour and, when the agency has
// one, its logo on top (so the client sees who is asking before reading a word).
import { Button, EmailLayout, Logo, Paragraph } from "@/lib/core/emails/templates/email-layout";

export function ClientLinkEmail(props: {
  lang: string;
  greeting: string;
  body: string;
  cta: string;
  url: string;
  color: string | null;
  expiry: string | null;
  fallback: string;
  footer?: string;
  /** a note from whoever sent the link (a client to their colleague), kept as written */
  note?: string | null;
  /** the agency's logo: its absolute URL and the agency's name as its text */
  logo?: { url: string; alt: string } | null;
}) {
  return (
    <EmailLayout lang={props.lang} preview={props.body} footer={props.footer}>
      {props.logo ? <Logo url={props.logo.url} alt={props.logo.alt} /> : null}
      <Paragraph>{props.greeting}</Paragraph>
      <Paragraph>{props.body}</Paragraph>
      {props.note ? <p style={{ margin: "0 0 16px", whiteSpace: "pre-wrap" }}>{props.note}</p> : null}
      <Button href={props.url} color={props.color ?? undefined}>
        {props.cta}
      </Button>
      {props.expiry ? <Paragraph>{props.expiry}</Paragraph> : null}
      <Paragraph small>{props.fallback}</Paragraph>
    </EmailLayout>
  );
}
