export const startProduct = () => "started";
