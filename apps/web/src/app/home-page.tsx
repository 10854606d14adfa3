import { Welcome } from './welcome';

/** "/" (orderRead). The order dashboard of spec 1 arrives with the orders; until then the home greets and links. */
export default function HomePage() {
  return <Welcome />;
}
