/** Placeholder until its issue lands. */
export default function EnquiriesScreen() {
  return <h1 className="text-2xl font-bold text-slate-900">Enquiries</h1>;
}
