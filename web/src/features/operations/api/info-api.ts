import { ManagementInfo } from "@el/domain/accounts/management-info";
import { api } from "../../../lib/api";

/** `GET /management/info`: what is running, for an administrator. */
export const getInfo = async () => ManagementInfo.parse(await api.get("management/info"));
