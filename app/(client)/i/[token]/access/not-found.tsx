// Unknown link: a plain 404 that reveals nothing.
import { LinkNotFound } from "@/app/(client)/_components/link-not-found";

export default function NotFound() {
  return <LinkNotFound />;
}
