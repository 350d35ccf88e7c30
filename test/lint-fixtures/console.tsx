// at: components/ui/noisy.tsx
// breaks: no-console
export function Noisy() {
  console.log("rendered");
  return <p>hi</p>;
}
