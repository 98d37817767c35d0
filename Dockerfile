FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY projections/package.json projections/
COPY backend/package.json backend/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV PORT=8080 HOST=0.0.0.0
EXPOSE 8080
CMD ["npm", "run", "start", "-w", "backend"]
