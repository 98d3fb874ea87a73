// The page's cart and account (client-core's checkout and account stores, with their schemas of
// stored data). Searching needs neither, so the element loads them just after its first screen.
export { $cartCount, createAccountAuth, initCheckout, onNavigate } from '@tradein/client-core';
