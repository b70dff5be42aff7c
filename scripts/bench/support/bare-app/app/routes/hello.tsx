/** The trivial page of the floor: one heading, no loader. */
export default function Hello() {
  return <h1>Hello</h1>;
}
