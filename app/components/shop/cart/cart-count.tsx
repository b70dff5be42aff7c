import { createContext, type ReactNode, useContext, useState } from "react";

/**
 * The header badge's count. It comes with the root's data (`member.cartCount`); an add the cart
 * took answers with the cart's new count instead, and the root's loader is not run again for it
 * (`answeredWithCount`, issue 30 item 1: one request fewer per add in the cut-off rush). The
 * answered count shows until the root's data is read again, which then says it.
 */
interface CartCount {
  count: number;
  /** An add answered with the cart's count. */
  answered(count: number): void;
}

const CartCountContext = createContext<CartCount>({ count: 0, answered: () => {} });

export function CartCountProvider({
  count,
  of,
  children,
}: {
  /** The count in the root's data. */
  count: number;
  /** The root's data it came with: a new object each time the root's loader runs. */
  of: unknown;
  children: ReactNode;
}) {
  const [answer, setAnswer] = useState<number | null>(null);
  // The root's data read again (a navigation, another change): its count is the newer one.
  const [answerOf, setAnswerOf] = useState(of);
  if (answerOf !== of) {
    setAnswerOf(of);
    setAnswer(null);
  }
  return (
    <CartCountContext.Provider value={{ count: answer ?? count, answered: setAnswer }}>
      {children}
    </CartCountContext.Provider>
  );
}

export function useCartCount(): CartCount {
  return useContext(CartCountContext);
}
