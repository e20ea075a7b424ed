import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import Checkout from "./checkout";

// Nothing of the product on sale (none yet, drafts only, or an unknown id): no catalogue name to show.
const render = (productId: string) => {
  const props = { loaderData: { item: null }, params: { productId } } as unknown as Parameters<typeof Checkout>[0];
  const router = createMemoryRouter([{ path: "/", element: <Checkout {...props} /> }]);
  return renderToString(<RouterProvider router={router} />).replaceAll("<!-- -->", "");
};

describe("the checkout of a product not on sale", () => {
  it("never writes the address's id as a product name, and leads back to the product's page when the site has one", () => {
    const dirx = render("dirx");
    expect(dirx).toContain("No licence of this product is on sale right now.");
    expect(dirx).toContain('href="/products/cyber/webtools/dirx"');
    expect(dirx).not.toMatch(/>dirx</);
    const unknown = render("no-such-tool");
    expect(unknown).not.toContain("no-such-tool");
    expect(unknown).toContain('href="/#contact"');
  });
});
