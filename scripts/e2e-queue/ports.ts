/** Fixed ports on 127.0.0.1 for every process of the queue-mode run, all within 6100-6199. */
export const queuePorts = {
	main: 6100,
	mainBroker: 6101,
	/** Workers' health checks (their readiness probe). */
	workers: [6110, 6111],
	workerBrokers: [6112, 6113],
	/** A worker serves nothing on N8N_PORT, but it must not clash with the others. */
	workerServerOffset: 50,
	webhooks: [6120, 6121],
	webhookBrokers: [6122, 6123],
	sandboxApi: 6130,
	sandboxStorage: 6131,
	/** The load balancer in front of the webhook processors: n8n's public webhook address. */
	router: 6140,
	/** Where nodes after a paused one report their runs. */
	runRecorder: 6141,
};
