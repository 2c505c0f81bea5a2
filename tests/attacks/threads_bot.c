/*
 * threads_bot.c - thinks with several threads, for t_cpu_answer: in each
 * decision NTHREADS threads burn CPU, and the bot answers the first legal
 * move once its CPU time since the request reaches FRAC times the ms the
 * 'time' line offered, or at 90% of those ms of wall-clock time, whichever
 * comes first. On several free CPUs it so uses more CPU than a --cpu-time
 * limit within the wall-clock time of that limit.
 * stderr: one line per decision, "offered N wall W cpu C" (ms).
 * usage: threads_bot NTHREADS FRAC
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdatomic.h>
static atomic_int go;
static double wall(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
static double cpu(void){struct timespec t;clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
static void *spin(void *a){(void)a;volatile unsigned long x=0;for(;;){while(atomic_load(&go))x++; struct timespec ts={0,200000};nanosleep(&ts,0);}return 0;}
int main(int argc,char**argv){
	int n=argc>1?atoi(argv[1]):2; double frac=argc>2?atof(argv[2]):1.3;
	static char line[1<<16]; long offered=0;
	setvbuf(stdout,NULL,_IOLBF,0);
	for(int i=1;i<n;i++){pthread_t t;pthread_create(&t,0,spin,0);}
	while(fgets(line,sizeof line,stdin)){
		line[strcspn(line,"\r\n")]=0;
		if(!strncmp(line,"time ",5)){offered=atol(line+5);continue;}
		if(strncmp(line,"legal ",6))continue;
		if(!strcmp(line+6,"ready")){printf("ready threads\n");continue;}
		char*c=strchr(line+6,',');if(c)*c=0;
		double w0=wall(),c0=cpu(); volatile unsigned long x=0;
		atomic_store(&go,1);
		while(wall()-w0<0.9*offered && cpu()-c0<frac*offered)x++;
		atomic_store(&go,0);
		fprintf(stderr,"offered %ld wall %.0f cpu %.0f\n",offered,wall()-w0,cpu()-c0);
		printf("%s\n",line+6);
	}
	return 0;}
