import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": "http://localhost:8080",
      "/management": "http://localhost:8080",
      "/socket.io": { target: "ws://localhost:8080", ws: true },
    },
  },
});
