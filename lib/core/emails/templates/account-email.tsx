// The account emails (verify your address, you already have an account) and the team's
// notification emails: paragraphs or a list, a link, and the address written out.
import { EmailLayout, Link, List, Paragraph } from "@/lib/core/emails/templates/email-layout";

export function AccountEmail(props: { paragraphs: string[]; link?: { url: string; label: string } }) {
  return (
    <EmailLayout lang="en" preview={props.paragraphs[0]}>
      {props.paragraphs.map((p, i) => (
        <Paragraph key={i}>{p}</Paragraph>
      ))}
      {props.link ? (
        <>
          <Paragraph>
            <Link href={props.link.url}>{props.link.label}</Link>
          </Paragraph>
          <Paragraph small>{props.link.url}</Paragraph>
        </>
      ) : null}
    </EmailLayout>
  );
}

export function NotificationEmail(props: { lines: string[]; link: string; linkLabel: string; footer: string }) {
  return (
    <EmailLayout lang="en" preview={props.lines[0]} footer={props.footer}>
      <List items={props.lines} />
      <Paragraph>
        <Link href={props.link}>{props.linkLabel}</Link>
      </Paragraph>
    </EmailLayout>
  );
}
