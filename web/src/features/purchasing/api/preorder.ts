import { type PackageLine, PreorderView } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";

/** `POST api/purchases/preorder`: the server prices the cart and opens the device-fingerprint session. */
export const preorder = async (packages: PackageLine[]): Promise<PreorderView> =>
  PreorderView.parse(await api.post("api/purchases/preorder", { packages }, { successAlert: false }));
