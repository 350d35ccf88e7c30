// The invite and reminder emails sent to a client, and the removal link's email: the same
// layout, in the client's language, with the agency's accent colour.
import { Button, EmailLayout, Paragraph } from "@/lib/core/emails/templates/email-layout";

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
}) {
  return (
    <EmailLayout lang={props.lang} preview={props.body} footer={props.footer}>
      <Paragraph>{props.greeting}</Paragraph>
      <Paragraph>{props.body}</Paragraph>
      <Button href={props.url} color={props.color ?? undefined}>
        {props.cta}
      </Button>
      {props.expiry ? <Paragraph>{props.expiry}</Paragraph> : null}
      <Paragraph small>{props.fallback}</Paragraph>
    </EmailLayout>
  );
}
