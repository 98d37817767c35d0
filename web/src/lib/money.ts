const reais = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** An amount in reais as the spec shows prices: 'R$ 1.234,50' (comma decimals, dot thousands). */
export const formatReais = (value: number) => reais.format(value);
