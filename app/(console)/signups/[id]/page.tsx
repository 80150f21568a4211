export default async function SignupDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <p>Signup {id}</p>;
}
