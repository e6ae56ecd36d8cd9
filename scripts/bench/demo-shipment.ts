// What the benches that open the public tracking pages need first: a parcel of the demo client.

/** A shipment of the demo client, made through the API so that the public pages have a parcel to show; answers its tracking number. */
export async function createDemoShipment(baseUrl: string, reference: string): Promise<string> {
  const tokenResponse = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-user', client_secret: 'demo-user-secret' }),
  });
  if (!tokenResponse.ok) throw new Error(`sign-in failed: ${tokenResponse.status}`);
  const { access_token } = (await tokenResponse.json()) as { access_token: string };
  const response = await fetch(`${baseUrl}/api/v1/shipments/store`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({
      delivery_method: 'home_delivery',
      product: 'PRM',
      reference_number: reference,
      receiver_name: 'Bench Recipient',
      receiver_address_line_1: 'Obchodná',
      receiver_address_number: '10',
      receiver_city: 'Bratislava',
      receiver_postal_code: '81101',
      receiver_country: 'SK',
      receiver_phone: '0905 123 456',
      receiver_email: 'bench@example.sk',
      weight: 1.25,
      width: 30,
      height: 20,
      length: 10,
      content: 'Garden seeds',
    }),
  });
  if (response.status !== 201) throw new Error(`shipment not created: ${response.status} ${await response.text()}`);
  const { shipment } = (await response.json()) as { shipment: { tracking_number: string } };
  return shipment.tracking_number;
}
